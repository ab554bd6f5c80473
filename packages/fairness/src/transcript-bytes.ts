/** The bytes a transcript's signature covers: RFC 8785 (JCS) canonical JSON of the transcript without `signature`, in UTF-8. */
import canonicalize from 'canonicalize';
import { utf8 } from './encoding';

/**
 * The signed bytes of a transcript (any JSON object: the checks also sign-check
 * one that is not well-formed). Throws a `TypeError` for what JSON cannot hold.
 */
export function signedBytes(transcript: Readonly<Record<string, unknown>>): Uint8Array {
  const { signature: _signature, ...unsigned } = transcript;
  const text = canonicalize(unsigned);
  if (text === undefined) throw new TypeError('a transcript is a JSON object');
  return utf8(text);
}
