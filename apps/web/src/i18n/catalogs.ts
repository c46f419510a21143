import type { Locale } from '@pixelhall/contract';

type CatalogImport = () => Promise<{ default: unknown }>;

interface LocaleCatalogs {
  /** The contract's shared catalog's groups the first screen shows (errors, validation …). */
  shared: CatalogImport;
  /** The rest of the shared catalog. */
  sharedRest: CatalogImport;
  /** The app's strings the first screen shows (i18n/first-screen-groups.ts). */
  firstScreen: CatalogImport;
  /** The rest of the app's strings. */
  rest: CatalogImport;
}

/**
 * Each language's catalogs load on their own, so a phone downloads only the language it shows:
 * the shared catalog comes from the contract, the app's own strings from ./locales, each cut in
 * two at build time (build/catalog-parts.ts) so that Home's first screen waits only for its own.
 * The entry starts the saved language's download (shell/early-start.ts) before i18next itself has
 * arrived.
 */
export const CATALOGS: Record<Locale, LocaleCatalogs> = {
  'en-US': {
    shared: () => import('@pixelhall/contract/messages/en-US.json?part=first-screen'),
    sharedRest: () => import('@pixelhall/contract/messages/en-US.json?part=rest'),
    firstScreen: () => import('./locales/en-US.json?part=first-screen'),
    rest: () => import('./locales/en-US.json?part=rest'),
  },
  'es-ES': {
    shared: () => import('@pixelhall/contract/messages/es-ES.json?part=first-screen'),
    sharedRest: () => import('@pixelhall/contract/messages/es-ES.json?part=rest'),
    firstScreen: () => import('./locales/es-ES.json?part=first-screen'),
    rest: () => import('./locales/es-ES.json?part=rest'),
  },
  'ja-JP': {
    shared: () => import('@pixelhall/contract/messages/ja-JP.json?part=first-screen'),
    sharedRest: () => import('@pixelhall/contract/messages/ja-JP.json?part=rest'),
    firstScreen: () => import('./locales/ja-JP.json?part=first-screen'),
    rest: () => import('./locales/ja-JP.json?part=rest'),
  },
  'ko-KR': {
    shared: () => import('@pixelhall/contract/messages/ko-KR.json?part=first-screen'),
    sharedRest: () => import('@pixelhall/contract/messages/ko-KR.json?part=rest'),
    firstScreen: () => import('./locales/ko-KR.json?part=first-screen'),
    rest: () => import('./locales/ko-KR.json?part=rest'),
  },
  'pt-BR': {
    shared: () => import('@pixelhall/contract/messages/pt-BR.json?part=first-screen'),
    sharedRest: () => import('@pixelhall/contract/messages/pt-BR.json?part=rest'),
    firstScreen: () => import('./locales/pt-BR.json?part=first-screen'),
    rest: () => import('./locales/pt-BR.json?part=rest'),
  },
  'pt-PT': {
    shared: () => import('@pixelhall/contract/messages/pt-PT.json?part=first-screen'),
    sharedRest: () => import('@pixelhall/contract/messages/pt-PT.json?part=rest'),
    firstScreen: () => import('./locales/pt-PT.json?part=first-screen'),
    rest: () => import('./locales/pt-PT.json?part=rest'),
  },
};
