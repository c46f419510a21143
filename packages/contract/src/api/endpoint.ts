import type { z } from 'zod';
import type { ApiBase } from '../codes';

export type HttpMethod = 'POST' | 'GET' | 'DELETE';

/**
 * Who may call an endpoint. `required` answers the expired code without a valid token and the
 * web client never sends it without one (docs/product/calls-and-host.md#access-levels); `optional` resolves the member when a token
 * is given, so answers can be personalised.
 */
export type EndpointAuth = 'none' | 'optional' | 'required';

export interface EndpointDef<
  P extends z.ZodType = z.ZodType,
  D extends z.ZodType = z.ZodType,
  A extends EndpointAuth = EndpointAuth,
> {
  base: ApiBase;
  /** The path under its base, the product's name for the call, e.g. `get/options` (docs/product/calls-and-host.md#bases). */
  path: string;
  /** POST first; GET and DELETE variants take the payload as query parameters. */
  methods: readonly HttpMethod[];
  auth: A;
  summary: string;
  payload: P;
  data: D;
  /**
   * The file fields of a `multipart/form-data` body, by name, with what each holds; the payload's
   * fields come as text fields of the same form. Absent: the payload is JSON (or the query).
   */
  multipart?: Readonly<Record<string, string>>;
}

export function endpoint<P extends z.ZodType, D extends z.ZodType, const A extends EndpointAuth>(
  def: Omit<EndpointDef<P, D, A>, 'methods'> & { methods?: readonly HttpMethod[] },
): EndpointDef<P, D, A> {
  return { methods: ['POST'], ...def };
}

export type PayloadOf<E extends EndpointDef> = z.input<E['payload']>;
export type ParsedPayloadOf<E extends EndpointDef> = z.output<E['payload']>;
export type DataOf<E extends EndpointDef> = z.output<E['data']>;

/** The URL path of an endpoint below the server root, e.g. `/api/get/options`. */
export function endpointUrl(def: Pick<EndpointDef, 'base' | 'path'>): string {
  return `/${BASE_PREFIX[def.base]}/${def.path}`;
}

export const BASE_PREFIX: Record<ApiBase, string> = {
  api: 'api',
  game: 'game-api',
  upload: 'upload',
};
