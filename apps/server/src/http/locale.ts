import { negotiateLocale } from '@pixelhall/contract';
import type { FastifyRequest } from 'fastify';
import { type Translate, translator } from '../i18n';

/** The request's translator; errors raised before the locale hook ran still get one. */
export function translatorOf(request: FastifyRequest): Translate {
  return request.t ?? translator(negotiateLocale(request.headers['accept-language']));
}
