import { describe, expect, it } from 'vitest';
import i18n, { showLocale } from './index';
import type { TKey } from './keys';

// `npx tsc -p apps/web` is this file's real test: every `@ts-expect-error` below must stay an
// error, so a `t()` that stopped checking its key would fail the type check.
describe('typed translation keys', () => {
  it('take a plural key by its base name, and count picks the form', async () => {
    await showLocale('en-US');
    const unit: 'minutes' | 'days' = 'days';
    expect(i18n.t(`time.${unit}`, { count: 1 })).toBe('1 day ago');
    expect(i18n.t('time.days', { count: 3 })).toBe('3 days ago');
    const key: TKey = 'time.days_other';
    expect(i18n.t(key, { count: 3 })).toBe('3 days ago');
  });

  it('refuse a key en-US does not have, written out or built from a union', async () => {
    await showLocale('en-US');
    const tabs = ['home', 'games'] as const;
    const fromServer: string = 'home';
    // A key i18next does not find shows as itself.
    // @ts-expect-error a misspelled key
    expect(i18n.t('tabs.hme')).toBe('tabs.hme');
    // @ts-expect-error one member of the union is not a key (`tabs.games`)
    expect(tabs.map((tab) => i18n.t(`tabs.${tab}`))).toEqual(['Home', 'tabs.games']);
    // @ts-expect-error a plain string could be anything
    expect(i18n.t(`tabs.${fromServer}`)).toBe('Home');
    // @ts-expect-error a default value does not excuse a missing key
    expect(i18n.t('tabs.hme', 'Home')).toBe('Home');
  });
});
