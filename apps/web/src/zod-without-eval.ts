// The app's Content-Security-Policy has no 'unsafe-eval', so zod must not compile its parsers
// with `new Function`, nor even probe whether it may: the refused probe is reported as a
// violation. Zod decides as each schema is built, when the contract loads, and its `config()`
// lives in a chunk that can run after this one; so the setting goes where zod reads its config
// from as it starts (zod's own `globalThis.__zod_globalConfig`), before zod is there.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };
