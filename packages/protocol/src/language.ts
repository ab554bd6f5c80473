/**
 * Issue 27: the languages of the product. `en` is the spec's own wording (its
 * French words included); `fr` is French throughout.
 */
import { z } from 'zod';

export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const languageSchema = z.enum(LANGUAGES);

/** `PATCH /api/account/preferences` (issue 27): the signed-in player's language, for mails and notices. */
export const accountPreferencesRequestSchema = z.object({ language: languageSchema }).strict();
export type AccountPreferencesRequest = z.infer<typeof accountPreferencesRequestSchema>;
export interface AccountPreferencesResponse {
  language: Language;
}
