import { z } from 'zod';

/** Every response body: `{ code, msg, data }` (docs/product/calls-and-host.md#envelope). */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.number().int().describe('1 success, 0 fail, 10001/1001 expired, 1003 not enough gold'),
    msg: z.string().describe('A message a person can read, in the request language'),
    data: data.nullable(),
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
