import { LOCALE_VALUES } from '@pixelhall/contract';
import { describe, expect, it } from 'vitest';
import i18n, { loadLocale, showLocale } from './index';

const loaded = () => LOCALE_VALUES.filter((locale) => i18n.hasResourceBundle(locale, 'translation'));

describe('the locale loader', () => {
  it('starts with no catalog, loads only the language asked for, then switches on demand', async () => {
    expect(loaded()).toEqual([]);

    await showLocale('ja-JP');
    expect(loaded()).toEqual(['ja-JP']);
    expect(i18n.language).toBe('ja-JP');
    const jaJP = (await import('./locales/ja-JP.json')).default;
    expect(i18n.t('tabs.home')).toBe(jaJP.tabs.home);
    // The shared catalog of the contract comes with it.
    const sharedJa = (await import('@pixelhall/contract/messages/ja-JP.json')).default;
    expect(i18n.t('errors.not_logged_in')).toBe(sharedJa.errors.not_logged_in);

    await loadLocale('es-ES');
    // Loaded ahead of the switch, but not shown yet.
    expect(loaded()).toEqual(['es-ES', 'ja-JP']);
    expect(i18n.language).toBe('ja-JP');

    await showLocale('es-ES');
    const esES = (await import('./locales/es-ES.json')).default;
    expect(i18n.language).toBe('es-ES');
    expect(i18n.t('tabs.home')).toBe(esES.tabs.home);
    expect(loaded()).toEqual(['es-ES', 'ja-JP']);
  });
});

describe('the first screen’s part of a catalog', () => {
  it('shows Home with its own strings, and the rest arrives with the whole language', async () => {
    await showLocale('ko-KR', { firstScreenOnly: true });
    const koKR = (await import('./locales/ko-KR.json')).default;
    expect(i18n.language).toBe('ko-KR');
    expect(i18n.t('home.feeds.new')).toBe(koKR.home.feeds.new);
    // Shared strings are whole from the start.
    const sharedKo = (await import('@pixelhall/contract/messages/ko-KR.json')).default;
    expect(i18n.t('errors.not_logged_in')).toBe(sharedKo.errors.not_logged_in);
    expect(i18n.exists('settings.title')).toBe(false);

    await loadLocale('ko-KR');
    expect(i18n.getResourceBundle('ko-KR', 'translation')).toEqual({ ...sharedKo, ...koKR });
  });
});
