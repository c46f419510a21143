import type { Envelope, MessageKey } from '@pixelhall/contract';
import type { Translate } from '../i18n';

/** A handler's answer with a message worth showing (the app toasts any msg but "OK"). */
export class Answer<T> {
  constructor(
    readonly data: T,
    readonly messageKey: MessageKey,
    readonly params: Record<string, unknown> = {},
  ) {}
}

export const answer = <T>(data: T, messageKey: MessageKey, params?: Record<string, unknown>) =>
  new Answer(data, messageKey, params);

/**
 * A failure's envelope: `msg` for a person, in their language, and `reason`, the same message's
 * key, for a client to branch on (docs/internals/contract.md#contract-conventions).
 */
export function failure(
  code: number,
  reason: MessageKey,
  t: Translate,
  params?: Record<string, unknown>,
  data: unknown = null,
): Envelope {
  return { code, msg: t(reason, params), data, reason };
}

export function success<T>(result: T | Answer<T>, t: Translate): Envelope<T> {
  if (result instanceof Answer)
    return { code: 1, msg: t(result.messageKey, result.params), data: result.data };
  return { code: 1, msg: 'OK', data: result };
}
