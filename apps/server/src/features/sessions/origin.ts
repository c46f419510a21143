import { Header } from '@pixelhall/contract';
import type { FastifyRequest } from 'fastify';

/** Where a session was begun or last used from, as its member sees it in their sessions list. */
export interface SessionOrigin {
  /** `iphone`, `android_new` or whatever the client sent (trimmed, at most 32 characters); null if none. */
  deviceType: string | null;
  /** The client's version header (at most 32 characters); null if none. */
  appVersion: string | null;
  /** The client's IP address as the server sees it (behind the configured proxies). */
  address: string;
}

const header = (request: FastifyRequest, name: string): string | null => {
  const value = request.headers[name];
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  return text ? text.slice(0, 32) : null;
};

export function originOf(request: FastifyRequest): SessionOrigin {
  return {
    deviceType: header(request, Header.DeviceType),
    appVersion: header(request, Header.ClientVersion),
    address: request.ip,
  };
}

/** A session a tool on this machine makes without a request (benchmarks, journeys' set-up, ops). */
export const LOCAL_ORIGIN: SessionOrigin = { deviceType: null, appVersion: null, address: '127.0.0.1' };
