import { z } from 'zod';
import type { MessageKey } from './messages';

/**
 * Why a call failed, for a client to branch on: the key of the failure's `msg` in the shared
 * catalog (`messages/<locale>.json`), e.g. `errors.adult_confirm`. The server fails only with
 * catalog keys, so the union is the catalog's own and cannot drift from it
 * (docs/internals/contract.md#contract-conventions).
 */
export type ErrorReason = MessageKey;

/**
 * Every response body: `{ code, msg, data }`, and on a failure (any code but 1) also `reason`.
 * Clients that do not know `reason` ignore it, as JSON clients do with an unknown key.
 */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
  reason?: ErrorReason;
}

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.number().int().describe('1 success, 0 fail, 10001/1001 expired, 1003 not enough gold'),
    msg: z.string().describe('A message a person can read, in the request language'),
    data: data.nullable(),
    reason: z
      .string()
      .optional()
      .describe(
        'On a failure only: the message key of msg (e.g. errors.not_found), the same in every language; branch on it, never on msg',
      ),
  });
}

export function isEnvelope(value: unknown): value is Envelope {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Envelope).code === 'number' &&
    typeof (value as Envelope).msg === 'string' &&
    'data' in value
  );
}

/** A success message of "OK" or "SUCCESS" (any case) is not toasted (docs/product/limits-and-errors.md#how-the-app-treats-answers). */
export function isSilentSuccessMessage(msg: string | undefined | null): boolean {
  if (!msg) return true;
  const upper = msg.trim().toUpperCase();
  return upper === 'OK' || upper === 'SUCCESS';
}
