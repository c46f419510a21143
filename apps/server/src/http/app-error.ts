import { MainCode, type MessageKey } from '@pixelhall/contract';

/**
 * The one way a service reports a failure a person should read. The error handler turns it into
 * the envelope `{ code, msg, data: null }` with `msg` translated into the caller's language.
 */
export class AppError extends Error {
  constructor(
    readonly messageKey: MessageKey,
    readonly params: Record<string, unknown> = {},
    readonly code: number = MainCode.Fail,
    /** Business failures answer 200; transport problems keep their status (413, 429 …). */
    readonly statusCode = 200,
    /**
     * What the caller needs to decide what next (a conflict's newer version); it must match the
     * endpoint's `data` schema. null for most failures.
     */
    readonly data: unknown = null,
  ) {
    super(messageKey);
    this.name = 'AppError';
  }
}

export const fail = (key: MessageKey, params?: Record<string, unknown>) => new AppError(key, params);
