import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { idField, integer, pageQuery } from './common';

describe('idField', () => {
  it('takes a JSON integer or the digits of a query string', () => {
    expect(idField.parse(12)).toBe(12);
    expect(idField.parse('12')).toBe(12);
  });

  it('refuses booleans, null, empty and non-integer input instead of turning them into 1 or 0', () => {
    for (const value of [true, false, null, '', ' ', '1e3', '0x10', '1.5', 1.5, 0, -3, '-3', [1], {}]) {
      expect(idField.safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
  });

  it('keeps its message for the wrong type', () => {
    expect(idField.safeParse(true).error?.issues[0]?.message).toBe('errors.invalid_payload');
  });
});

describe('integer', () => {
  it('reads negative digit strings and leaves defaults to absent keys', () => {
    const schema = z.object({ n: integer(z.number().int()).optional() });
    expect(schema.parse({ n: '-4' })).toEqual({ n: -4 });
    expect(pageQuery.parse({})).toMatchObject({ page: 1, num: 20 });
    expect(pageQuery.safeParse({ page: true }).success).toBe(false);
  });
});
