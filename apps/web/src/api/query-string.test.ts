import { describe, expect, it } from 'vitest';
import { toQuery } from './query-string';

describe('toQuery', () => {
  it('encodes a payload as query parameters, skipping empty values', () => {
    expect(toQuery({ name: 'mining config', page: 2, tags: ['a', 'b&c'], none: null, skip: undefined })).toBe(
      '?name=mining+config&page=2&tags=a&tags=b%26c',
    );
  });
  it('answers an empty string for nothing to send', () => {
    expect(toQuery(undefined)).toBe('');
    expect(toQuery({})).toBe('');
  });
});
