import { z } from 'zod';
import { integer, toggleField } from './common';

/**
 * What `translate/text` takes and answers, apart from its endpoint: the host's `machineTranslate`
 * call carries the same payload and answer, without the search group's schemas.
 */
export const translateTextPayload = z.object({
  kind: z.enum(['post', 'comment']),
  id: integer(z.number().int().positive()),
  target: z.string().min(2).max(10).describe('A locale such as es-ES'),
  adult_confirmed: toggleField.describe(
    'The reader confirmed being 18+ (posts of adult topics and their comments)',
  ),
});

export const translationSchema = z.object({
  text: z.string(),
  source: z.string().describe('Detected source language'),
});
