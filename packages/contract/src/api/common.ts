import { z } from 'zod';

const fromDigits = (value: unknown) =>
  typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;

/**
 * A whole number checked by `rule`, from a JSON number or from the digits a query string carries.
 * Not z.coerce.number(): that takes `true` as 1 and `false`, `null` or '' as 0, so `{"id": true}`
 * would name the first row.
 */
export function integer<T extends z.ZodType<number, number>>(rule: T) {
  return z.preprocess(fromDigits, rule);
}

/** Lists take a 1-based `page` and a page size `num`; feeds also take an opaque `cursor`. */
export const pageQuery = z.object({
  page: integer(z.number().int().min(1)).default(1).describe('1-based page number'),
  num: integer(z.number().int().min(1).max(100)).default(20).describe('Items per page'),
  cursor: z.string().max(512).nullish().describe('Opaque keyset cursor from the previous page'),
});
export type PageQuery = z.output<typeof pageQuery>;

/** A list is `{ list, total, cursor }`; `cursor` is null on the last page. */
export function listOf<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int().min(0),
    cursor: z.string().nullable(),
  });
}

export const emptyPayload = z.object({}).describe('No payload');
export const emptyData = z.null();

/** A positive integer id, from a JSON number or a query-string digit string; never a boolean. */
export const idField = integer(z.number({ error: 'errors.invalid_payload' }).int().positive());

/** Explicit state for toggles: absent toggles, true/false sets (idempotent when repeated). */
export const toggleField = z
  .union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')])
  .optional()
  .describe('Set this state; omit to toggle');
