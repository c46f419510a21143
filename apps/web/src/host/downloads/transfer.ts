import { isStorageFull } from '../../core/storage-full';
import { planRequest, readResponse } from './range';

/** Where a download's bytes go (the origin-private file system in the browser, a fake in tests). */
export interface RomSink {
  /** Bytes already stored (committed) for this download. */
  size(): Promise<number>;
  /** Starts writing at `offset`, dropping whatever lies after it. */
  open(offset: number): Promise<void>;
  write(chunk: Uint8Array): Promise<void>;
  /** Makes what was written since `open` durable and ends the writing. */
  commit(): Promise<void>;
}

export interface TransferInput {
  url: string;
  size: number;
  /** The ETag of an earlier response, for If-Range. */
  validator: string | null;
}

export interface TransferDeps {
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  sink: RomSink;
  signal: AbortSignal;
  now(): number;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  /** Every chunk: the bytes stored so far. */
  onBytes(received: number): void;
  /** The server's validator, to keep with the record for the next resume. */
  onValidator(validator: string | null): void;
}

export type TransferResult =
  | { ok: true }
  | { ok: false; reason: 'network' | 'gone' | 'size' | 'http' | 'storage' };

/** Pauses between attempts after a network failure; bytes arriving again resets the count. */
export const RETRY_DELAYS_MS = [1000, 2000, 4000, 8000];
/** The OPFS writable only persists on close: commit this often so a reload loses little. */
export const COMMIT_EVERY_MS = 2000;

/**
 * Fetches the rest of a file into the sink, resuming with Range/If-Range, restarting cleanly on
 * a 200, and retrying network failures a few times. Aborting (pause, cancel) commits what
 * arrived and rejects with the abort reason.
 */
export async function runTransfer(input: TransferInput, deps: TransferDeps): Promise<TransferResult> {
  const { sink, signal } = deps;
  let validator = input.validator;
  let failures = 0;
  const retry = async (): Promise<boolean> => {
    failures += 1;
    const delay = RETRY_DELAYS_MS[failures - 1];
    if (delay === undefined) return false;
    await deps.sleep(delay, signal);
    return true;
  };

  for (;;) {
    signal.throwIfAborted();
    let received = await sink.size();
    if (received > input.size) {
      await truncate(sink);
      received = 0;
    }
    if (received === input.size && input.size > 0) return { ok: true };
    const plan = planRequest(received, validator);
    let response: Response;
    try {
      response = await deps.fetch(input.url, { headers: plan.headers, signal, cache: 'no-store' });
    } catch {
      signal.throwIfAborted();
      if (await retry()) continue;
      return { ok: false, reason: 'network' };
    }
    const outcome = readResponse(plan, response.status, (name) => response.headers.get(name), input.size);
    if (outcome.kind !== 'append' && outcome.kind !== 'restart') void response.body?.cancel();
    switch (outcome.kind) {
      case 'fatal':
        return { ok: false, reason: outcome.reason };
      case 'complete':
        return { ok: true };
      case 'retry':
        if (await retry()) continue;
        return { ok: false, reason: 'http' };
      case 'refetch':
        // Asking again with nothing stored cannot loop: a plan from 0 carries no Range.
        if (received === 0 && !(await retry())) return { ok: false, reason: 'http' };
        await truncate(sink);
        validator = null;
        continue;
    }
    validator = response.headers.get('etag') ?? validator;
    deps.onValidator(validator);
    const stored = await pour(response, outcome.kind === 'append' ? outcome.offset : 0, deps);
    if (stored.kind === 'storage') return { ok: false, reason: 'storage' };
    if (stored.kind === 'done') {
      if (stored.received === input.size) return { ok: true };
      if (stored.received > input.size) return { ok: false, reason: 'size' };
    }
    // The body ended early or the connection dropped: ask for the rest.
    if (stored.progressed) failures = 0;
    if (await retry()) continue;
    return { ok: false, reason: 'network' };
  }
}

type Poured =
  | { kind: 'done'; received: number; progressed: boolean }
  | { kind: 'broken'; progressed: boolean }
  | { kind: 'storage' };

/** Writes a response body into the sink from `offset`, committing now and then. */
async function pour(response: Response, offset: number, deps: TransferDeps): Promise<Poured> {
  const { sink, signal } = deps;
  let received = offset;
  let progressed = false;
  try {
    await sink.open(offset);
  } catch (err) {
    if (isStorageFull(err)) return { kind: 'storage' };
    throw err;
  }
  deps.onBytes(received);
  let committedAt = deps.now();
  const reader = response.body?.getReader();
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = reader ? await reader.read() : { done: true, value: undefined };
      } catch {
        signal.throwIfAborted();
        await sink.commit();
        return { kind: 'broken', progressed };
      }
      if (chunk.done) break;
      await sink.write(chunk.value);
      received += chunk.value.byteLength;
      progressed = true;
      deps.onBytes(received);
      if (deps.now() - committedAt >= COMMIT_EVERY_MS) {
        await sink.commit();
        await sink.open(received);
        committedAt = deps.now();
      }
      signal.throwIfAborted();
    }
    await sink.commit();
    return { kind: 'done', received, progressed };
  } catch (err) {
    if (isStorageFull(err)) {
      await sink.commit().catch(() => undefined);
      return { kind: 'storage' };
    }
    // Paused or cancelled: keep what arrived so a resume asks only for the rest.
    await sink.commit().catch(() => undefined);
    void reader?.cancel().catch(() => undefined);
    throw err;
  }
}

async function truncate(sink: RomSink): Promise<void> {
  await sink.open(0);
  await sink.commit();
}

/** A sleep that ends early (rejecting) when the download is paused or cancelled. */
export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
