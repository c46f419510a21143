import type { ApiBase } from '@pixelhall/contract';
import { BASE_PREFIX } from '@pixelhall/contract';

/**
 * The three bases (docs/product/calls-and-host.md#bases). Same-origin paths by default; a native shell or a split
 * deployment sets VITE_API_BASE, VITE_GAME_API_BASE and VITE_UPLOAD_BASE at build time.
 */
const BASES: Record<ApiBase, string> = {
  api: import.meta.env.VITE_API_BASE ?? `/${BASE_PREFIX.api}`,
  game: import.meta.env.VITE_GAME_API_BASE ?? `/${BASE_PREFIX.game}`,
  upload: import.meta.env.VITE_UPLOAD_BASE ?? `/${BASE_PREFIX.upload}`,
};

export function baseUrl(base: ApiBase): string {
  return BASES[base].replace(/\/+$/, '');
}

export const REQUEST_TIMEOUT_MS = 15_000;
