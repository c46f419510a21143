import { createHash } from 'node:crypto';
import type { Config } from '../config';

// Classic inline scripts only: a `src` attribute makes the element load a file instead.
const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script\s*>/gi;

/** The CSP sources of index.html's inline scripts (the theme painted before React starts). */
export function inlineScriptSources(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map(
    ([, body]) =>
      `'sha256-${createHash('sha256')
        .update(body ?? '')
        .digest('base64')}'`,
  );
}

/**
 * The policy of the web app, given its index.html (why each source is there:
 * docs/internals/content-security-policy.md). EmulatorJS compiles its cores' WebAssembly ('wasm-unsafe-eval'), runs a core's glue
 * script from a blob: URL, unpacks archived ROMs in blob: workers and sets style attributes; the
 * app shows save screenshots as data: URLs and picked pictures as blob: URLs; the webview screen
 * frames any http(s) page; the browser itself fetches a sign-in provider's discovery document
 * and exchanges the code there.
 */
export function webAppPolicy(
  config: Pick<Config, 'oidcProviders' | 'cspExtraOrigins'>,
  indexHtml: string,
): string {
  const issuers = config.oidcProviders.map((provider) => new URL(provider.issuer).origin);
  const extra = config.cspExtraOrigins;
  const directives: Record<string, readonly string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...inlineScriptSources(indexHtml), "'wasm-unsafe-eval'", 'blob:'],
    'worker-src': ["'self'", 'blob:'],
    'connect-src': ["'self'", ...issuers, ...extra],
    'img-src': ["'self'", 'data:', 'blob:', ...extra],
    'style-src': ["'self'"],
    'style-src-attr': ["'unsafe-inline'"],
    'frame-src': ['http:', 'https:'],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`)
    .join('; ');
}
