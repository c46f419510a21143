import { describe, expect, it } from 'vitest';
import { requireChoice } from './picker';

describe('requireChoice', () => {
  it('refuses a directory input that chose no file: "Not data selected"', () => {
    expect(() => requireChoice({ kind: 'files', files: [] })).toThrow('validation.nothing_selected');
  });

  it('passes a real choice and a cancel through', () => {
    const files = { kind: 'files' as const, files: [new File(['x'], 'a.nes')] };
    expect(requireChoice(files)).toBe(files);
    expect(requireChoice(null)).toBeNull();
  });
});
