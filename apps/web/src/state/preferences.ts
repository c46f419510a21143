import { DEFAULT_LOCALE, type LocaleOption, localeOption } from '@pixelhall/contract';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { persisted } from './persisted';

export type Theme = 'dark' | 'light';

interface PreferencesState {
  /** Persisted as text, value and id; en-US, id 0 by default (docs/product/i18n.md#languages). */
  locale: LocaleOption;
  /** The member's choice; dark by default. */
  theme: Theme;
  /** The host's application info may force a theme (docs/product/app-shell-and-settings.md#themes); not persisted. */
  forcedTheme: Theme | null;
  /** Settings' upgrade style: the one a new post starts with (an id of color/lists styles). */
  postStyle: string | null;
  setLocale(locale: LocaleOption): void;
  toggleTheme(): void;
  setTheme(theme: Theme): void;
  forceTheme(theme: Theme | null): void;
  setPostStyle(style: string | null): void;
}

export const usePreferences = create<PreferencesState>()(
  persist(
    (set) => ({
      locale: localeOption(DEFAULT_LOCALE),
      theme: 'dark',
      forcedTheme: null,
      postStyle: null,
      setLocale: (locale) => set({ locale }),
      toggleTheme: () => set((s) => ({ theme: s.theme === 'dark' ? 'light' : 'dark' })),
      setTheme: (theme) => set({ theme }),
      forceTheme: (forcedTheme) => set({ forcedTheme }),
      setPostStyle: (postStyle) => set({ postStyle }),
    }),
    {
      ...persisted<PreferencesState>('preferences'),
      partialize: (s) => ({ locale: s.locale, theme: s.theme, postStyle: s.postStyle }),
    },
  ),
);

/** The theme in effect: the host's forced theme wins over the member's choice. */
export const useEffectiveTheme = (): Theme => usePreferences((s) => s.forcedTheme ?? s.theme);
