import type { ApiErrorKind } from './client';
import { newRequestId } from './request-id';

/**
 * The idempotency key (`request_id`) of one intended money action. The server charges a key
 * once and answers a repeat with the first result, so the key must outlive an attempt whose
 * outcome is unknown: a timeout or a dropped connection may have gone through, and trying the
 * same thing again must replay it, not pay twice. A definite answer (success or a refusal)
 * ends the intent; the next tap, even with the same values, is a new action with a new key.
 */
export interface IntentKeeper {
  /** The key for an action described by `what` (its values): the pending one, or a new one. */
  keyFor(what: string): string;
  /** Runs `send` with the action's key and ends the intent unless the outcome is unknown. */
  run<T>(what: string, send: (requestId: string) => Promise<T>): Promise<T>;
}

/** Whether a failed call may still have been applied on the server. */
export function outcomeUnknown(error: unknown): boolean {
  // Read by shape, not `instanceof ApiError`, so this stays free of the client's imports.
  const kind = (error as { kind?: unknown } | null)?.kind as ApiErrorKind | undefined;
  if (typeof kind !== 'string') return true;
  return kind === 'network' || kind === 'aborted';
}

export function createIntentKeeper(makeKey: () => string = newRequestId): IntentKeeper {
  let pending: { what: string; key: string } | null = null;
  const keyFor = (what: string) => {
    if (pending?.what !== what) pending = { what, key: makeKey() };
    return pending.key;
  };
  return {
    keyFor,
    async run(what, send) {
      const key = keyFor(what);
      try {
        const result = await send(key);
        if (pending?.key === key) pending = null;
        return result;
      } catch (error) {
        if (!outcomeUnknown(error) && pending?.key === key) pending = null;
        throw error;
      }
    },
  };
}
