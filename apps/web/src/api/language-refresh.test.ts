import { localeOption } from '@pixelhall/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const invalidateQueries = vi.fn();
vi.mock('./query-client', () => ({ queryClient: { invalidateQueries } }));

const { usePreferences } = await import('../state/preferences');
const { listenForLanguage } = await import('./language-refresh');

describe('refetching answers after a language switch', () => {
  let stop: () => void;
  beforeEach(() => {
    usePreferences.getState().setLocale(localeOption('en-US'));
    invalidateQueries.mockClear();
    stop = listenForLanguage();
  });
  afterEach(() => stop());

  it('refetches every kept answer when the language changes', () => {
    usePreferences.getState().setLocale(localeOption('ja-JP'));
    expect(invalidateQueries).toHaveBeenCalledTimes(1);
    expect(invalidateQueries).toHaveBeenCalledWith();
  });

  it('leaves the answers alone for the same language or another preference', () => {
    usePreferences.getState().setLocale(localeOption('en-US'));
    usePreferences.getState().setTheme('light');
    expect(invalidateQueries).not.toHaveBeenCalled();
  });

  it('stops listening when unsubscribed', () => {
    stop();
    usePreferences.getState().setLocale(localeOption('ko-KR'));
    expect(invalidateQueries).not.toHaveBeenCalled();
  });
});
