import type sharedEnUS from '@pixelhall/contract/messages/en-US.json';
import type { ParseKeys } from 'i18next';
import type appEnUS from './locales/en-US.json';

/** Every string the app shows, as en-US has it: the contract's shared catalog and the app's own. */
export type Strings = typeof sharedEnUS & typeof appEnUS;

// Types `t()`: a key that is not in en-US fails to compile, a static one or one built from a
// typed union alike (docs/internals/i18n.md#typed-keys).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Strings };
    // A default value does not excuse a missing key.
    strictKeyChecks: true;
  }
}

/** A key `t()` takes: a dotted path of en-US, a plural key also without its `_one`/`_other` suffix. */
export type TKey = ParseKeys;
