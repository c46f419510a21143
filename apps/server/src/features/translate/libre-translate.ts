import { z } from 'zod';

/** How long a translation may take before the reader is told it failed. */
export const TRANSLATE_TIMEOUT_MS = 10_000;

export interface Translation {
  text: string;
  /** The language the service detected, as it names it (e.g. `en`). */
  source: string;
}

/** Translates `text` into `target` (a language code such as `es`), or throws. */
export type Translator = (text: string, target: string) => Promise<Translation>;

const answerSchema = z.object({
  translatedText: z.string(),
  detectedLanguage: z.object({ language: z.string().min(1) }).optional(),
});

/**
 * A client of a LibreTranslate-compatible service: `POST <url>/translate` with the source left
 * to detection. Any failure (unreachable, slow, an error status, an answer of the wrong shape)
 * throws; the caller decides what the reader is told.
 */
export function libreTranslate({
  url,
  apiKey,
  timeoutMs = TRANSLATE_TIMEOUT_MS,
}: {
  url: string;
  apiKey: string | null;
  timeoutMs?: number;
}): Translator {
  return async (text, target) => {
    const response = await fetch(`${url}/translate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        q: text,
        source: 'auto',
        target,
        format: 'text',
        ...(apiKey ? { api_key: apiKey } : {}),
      }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`translation service answered ${response.status}`);
    const answer = answerSchema.parse(await response.json());
    // "und": undetermined, the BCP 47 code for a language nobody could tell.
    return { text: answer.translatedText, source: answer.detectedLanguage?.language ?? 'und' };
  };
}
