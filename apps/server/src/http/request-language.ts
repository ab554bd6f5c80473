/**
 * Issue 27 (decision 052): the language of an HTTP request. A signed-in
 * route's guard remembers the player's stored preference on the request;
 * otherwise `Accept-Language` decides, else `en`. Every answer with a
 * sentence (`{ code, message }`, `{ message }`) reads its language here.
 */
import { serverTexts, type Language, type ServerCatalogue } from '@shifumi/protocol';
import type { FastifyRequest } from 'fastify';
import { pickLanguage } from '../shared/language';

const preferences = new WeakMap<FastifyRequest, Language>();

/** Called by the signed-in guard: the player's stored language, if they chose one. */
export function rememberLanguagePreference(request: FastifyRequest, language: Language | null | undefined): void {
  if (language) preferences.set(request, language);
}

/** The language this request is answered in. */
export function requestLanguage(request: FastifyRequest): Language {
  return pickLanguage(preferences.get(request), request.headers['accept-language']);
}

/** The server's texts in this request's language. */
export function textsFor(request: FastifyRequest): ServerCatalogue {
  return serverTexts(requestLanguage(request));
}
