import type { Locale } from '@pixelhall/contract';

type CatalogImport = () => Promise<{ default: unknown }>;

/**
 * Each language's catalogs load on their own, so a phone downloads only the language it shows:
 * the shared catalog (errors, validation …) comes from the contract, the app's own strings from
 * ./locales. The entry starts the saved language's download (app/early-start.ts) before i18next
 * itself has arrived.
 */
export const CATALOGS: Record<Locale, [shared: CatalogImport, app: CatalogImport]> = {
  'en-US': [() => import('@pixelhall/contract/messages/en-US.json'), () => import('./locales/en-US.json')],
  'es-ES': [() => import('@pixelhall/contract/messages/es-ES.json'), () => import('./locales/es-ES.json')],
  'ja-JP': [() => import('@pixelhall/contract/messages/ja-JP.json'), () => import('./locales/ja-JP.json')],
  'ko-KR': [() => import('@pixelhall/contract/messages/ko-KR.json'), () => import('./locales/ko-KR.json')],
  'pt-BR': [() => import('@pixelhall/contract/messages/pt-BR.json'), () => import('./locales/pt-BR.json')],
  'pt-PT': [() => import('@pixelhall/contract/messages/pt-PT.json'), () => import('./locales/pt-PT.json')],
};
