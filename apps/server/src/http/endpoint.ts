import {
  type DataOf,
  type EndpointAuth,
  type EndpointDef,
  envelopeSchema,
  expiredCodeFor,
  type ParsedPayloadOf,
  tokenFromAuthorization,
} from '@pixelhall/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Translate } from '../i18n';
import { AppError } from './app-error';
import { hasControlCharacter } from './control-characters';
import { type Answer, success } from './envelope';
import type { Member } from './request-context';

export interface EndpointContext<E extends EndpointDef> {
  payload: ParsedPayloadOf<E>;
  member: E['auth'] extends 'required' ? Member : Member | null;
  t: Translate;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface EndpointOptions {
  /** Requests per window for one client (by member when signed in, else by IP). */
  rateLimit?: {
    max: number;
    timeWindow: number | string;
    keyGenerator?: (request: FastifyRequest) => string;
  };
}

type Handler<E extends EndpointDef> = (ctx: EndpointContext<E>) => Promise<DataOf<E> | Answer<DataOf<E>>>;

/**
 * Serves a contract endpoint: resolves the member as the endpoint's `auth` says, then validates
 * its payload (body for POST, query for GET/DELETE), and wraps the result in the envelope.
 * Register it inside the plugin of its base (`/api`, `/game-api`, `/upload`).
 */
export function registerEndpoint<E extends EndpointDef>(
  app: FastifyInstance,
  def: E,
  handler: Handler<E>,
  options: EndpointOptions = {},
): void {
  for (const method of def.methods) {
    app.withTypeProvider<ZodTypeProvider>().route({
      method,
      url: `/${def.path}`,
      schema: {
        summary: def.summary,
        tags: [def.base],
        ...securityOf(def.auth),
        ...(method === 'POST' ? { body: def.payload } : { querystring: def.payload }),
        response: { 200: envelopeSchema(def.data) },
      },
      config: options.rateLimit ? { rateLimit: { keyGenerator: memberOrIp, ...options.rateLimit } } : {},
      preValidation: async (request) => {
        // A POST without a body means "no payload", as it does for clients that send none.
        if (method === 'POST' && (request.body === undefined || request.body === null)) request.body = {};
        // Before validation: a visitor calling a members-only endpoint is told to sign in, not
        // what is wrong with a payload they could not have sent anyway.
        if (def.auth !== 'none') {
          const token = tokenFromAuthorization(request.headers.authorization);
          request.member = token ? await app.resolveMember(token, def.base, request) : null;
          if (def.auth === 'required' && !request.member) {
            throw new AppError('errors.not_logged_in', {}, expiredCodeFor(def.base));
          }
        }
        if (hasControlCharacter(method === 'POST' ? request.body : request.query)) {
          throw new AppError('errors.control_characters');
        }
      },
      handler: async (request, reply) => {
        const payload = (method === 'POST' ? request.body : request.query) as ParsedPayloadOf<E>;
        const result = await handler({
          payload,
          member: request.member as EndpointContext<E>['member'],
          t: request.t,
          request,
          reply,
        });
        return success(result, request.t);
      },
    });
  }
}

/**
 * What the published document says a call needs: nothing, a bearer token, or either (`{}` is
 * OpenAPI's "no credentials"), so a client knows a visitor may call an `optional` endpoint.
 */
function securityOf(auth: EndpointAuth): { security?: Record<string, string[]>[] } {
  if (auth === 'none') return {};
  return { security: auth === 'optional' ? [{}, { bearer: [] }] : [{ bearer: [] }] };
}

function memberOrIp(request: FastifyRequest): string {
  return request.member ? `member:${request.member.id}` : `ip:${request.ip}`;
}
