import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/locales/en-US.json';
import { parseSectionKey, sectionMorePath, sectionTitle, sortLabel } from './sections';

// Looks keys up in the English catalog, so a section without a title fails here.
const t = ((key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], en) ??
  key) as unknown as TFunction;

describe('home sections', () => {
  it('accepts the four section keys and nothing else', () => {
    expect(parseSectionKey('week_hot')).toBe('week_hot');
    expect(parseSectionKey('recommend')).toBe('recommend');
    expect(parseSectionKey('weekly')).toBeNull();
    expect(parseSectionKey(null)).toBeNull();
  });

  it('titles each section and each sort', () => {
    expect(sectionTitle(t, 'recommend')).toBe('Recommended');
    expect(sectionTitle(t, 'new_share')).toBe('New shares');
    expect(sectionTitle(t, 'week_hot')).toBe('Hot this week');
    expect(sectionTitle(t, 'historical')).toBe('All-time classics');
    expect(sortLabel(t, 'downloads')).toBe('Most downloaded');
  });

  it('leads "More" to the section list', () => {
    expect(sectionMorePath('new_share')).toBe('/game/more?key=new_share');
  });
});
