/**
 * HTTP Range planning for a resumable download: ask for the rest with the validator the server
 * gave (its ETag), and read what came back. The ROM server answers 206 for a range whose
 * If-Range still matches and 200 (the whole file) when it does not.
 */
export interface RangePlan {
  from: number;
  headers: Record<string, string>;
}

export function planRequest(received: number, validator: string | null): RangePlan {
  if (received <= 0) return { from: 0, headers: {} };
  const headers: Record<string, string> = { Range: `bytes=${received}-` };
  if (validator) headers['If-Range'] = validator;
  return { from: received, headers };
}

export type RangeOutcome =
  /** 206 from where we stopped: append at `offset`. */
  | { kind: 'append'; offset: number }
  /** 200: the whole file again (the validator no longer matched, or no range support). */
  | { kind: 'restart' }
  /** Nothing usable came back for the range asked: drop the partial bytes and ask for everything. */
  | { kind: 'refetch' }
  /** 416 for a range past the end: the file is already whole (verification decides). */
  | { kind: 'complete' }
  /** Worth asking again after a pause (5xx, 408, 429). */
  | { kind: 'retry' }
  /** The file is gone or is not the one we expect. */
  | { kind: 'fatal'; reason: 'gone' | 'size' | 'http' };

type Header = (name: string) => string | null;

export function readResponse(plan: RangePlan, status: number, header: Header, size: number): RangeOutcome {
  if (status === 206) {
    const range = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(header('content-range') ?? '');
    if (!range) return { kind: 'refetch' };
    if (range[3] !== '*' && Number(range[3]) !== size) return { kind: 'fatal', reason: 'size' };
    return Number(range[1]) === plan.from ? { kind: 'append', offset: plan.from } : { kind: 'refetch' };
  }
  if (status === 200) {
    const length = header('content-length');
    if (length !== null && header('content-encoding') === null && Number(length) !== size) {
      return { kind: 'fatal', reason: 'size' };
    }
    return { kind: 'restart' };
  }
  if (status === 416) return plan.from >= size ? { kind: 'complete' } : { kind: 'refetch' };
  if (status === 404 || status === 410) return { kind: 'fatal', reason: 'gone' };
  if (status >= 500 || status === 408 || status === 429) return { kind: 'retry' };
  return { kind: 'fatal', reason: 'http' };
}
