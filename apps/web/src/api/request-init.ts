import type { EndpointDef, HttpMethod } from '@pixelhall/contract';
import { baseUrl } from './config';
import { requestHeaders } from './headers';
import { toQuery } from './query-string';

export interface RequestInitFor {
  url: string;
  init: { method: HttpMethod; headers: Record<string, string>; body?: string };
}

/**
 * The URL, headers and body of a call (docs/product/calls-and-host.md): POST carries the payload as JSON, GET and
 * DELETE as query parameters. The API client and the entry's early requests build calls here,
 * so a request sent before the app has loaded is the very one the app would send.
 */
export function requestInit(
  def: Pick<EndpointDef, 'base' | 'path' | 'methods'>,
  payload: unknown,
  method: HttpMethod | undefined,
  token: string | null,
): RequestInitFor {
  const chosen = method ?? def.methods[0] ?? 'POST';
  const headers = requestHeaders(token);
  const url = `${baseUrl(def.base)}/${def.path}`;
  if (chosen !== 'POST') return { url: url + toQuery(payload), init: { method: chosen, headers } };
  headers['content-type'] = 'application/json';
  return { url, init: { method: chosen, headers, body: JSON.stringify(payload ?? {}) } };
}
