import type { z } from 'zod';
import { fail } from './app-error';

/**
 * List cursors are opaque to clients: base64url JSON of where the next page starts. Decoding
 * checks the shape, so a forged or foreign cursor is a readable failure rather than a crash.
 */
export function encodeCursor(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

export function decodeCursor<T extends z.ZodType>(cursor: string, shape: T): z.output<T> {
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw fail('errors.invalid_payload');
  }
  const parsed = shape.safeParse(raw);
  if (!parsed.success) throw fail('errors.invalid_payload');
  return parsed.data;
}
