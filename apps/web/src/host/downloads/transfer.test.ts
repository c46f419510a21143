import { describe, expect, it } from 'vitest';
import { type RomSink, runTransfer, type TransferDeps } from './transfer';

const FILE = Uint8Array.from({ length: 1000 }, (_, i) => i % 251);
const ETAG = '"hash"';

/** An in-memory file with the OPFS writable's semantics: writes count only once committed. */
function memorySink(initial: Uint8Array = new Uint8Array()) {
  let committed = initial.slice();
  let draft: number[] | null = null;
  const sink: RomSink & { bytes(): Uint8Array; commits: number } = {
    commits: 0,
    size: async () => committed.length,
    open: async (offset) => {
      draft = [...committed.slice(0, offset)];
    },
    write: async (chunk) => {
      draft?.push(...chunk);
    },
    commit: async () => {
      if (draft) committed = Uint8Array.from(draft);
      draft = null;
      sink.commits += 1;
    },
    bytes: () => committed,
  };
  return sink;
}

/** A body that yields `chunk`-byte pieces, optionally breaking (a dropped connection) after `breakAfter` bytes. */
function body(bytes: Uint8Array, chunk = 100, breakAfter = Number.POSITIVE_INFINITY) {
  let at = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= breakAfter) return controller.error(new TypeError('network error'));
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + chunk));
      at += chunk;
    },
  });
}

/** A server for FILE that honours Range and If-Range like the ROM route; `script` can override answers. */
function fakeServer(script: Array<(init: RequestInit) => Response | Error> = []) {
  const requests: Record<string, string>[] = [];
  const fetch = async (_url: string, init: RequestInit) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    requests.push(headers);
    const scripted = script.shift();
    if (scripted) {
      const answer = scripted(init);
      if (answer instanceof Error) throw answer;
      return answer;
    }
    const range = /^bytes=(\d+)-$/.exec(headers.Range ?? '');
    const ifRange = headers['If-Range'];
    if (range && (!ifRange || ifRange === ETAG)) {
      const from = Number(range[1]);
      if (from >= FILE.length) return new Response(null, { status: 416 });
      return new Response(body(FILE.slice(from)), {
        status: 206,
        headers: { etag: ETAG, 'content-range': `bytes ${from}-${FILE.length - 1}/${FILE.length}` },
      });
    }
    return new Response(body(FILE), {
      status: 200,
      headers: { etag: ETAG, 'content-length': String(FILE.length) },
    });
  };
  return { fetch, requests };
}

function deps(sink: RomSink, fetch: TransferDeps['fetch'], extra: Partial<TransferDeps> = {}) {
  const seen: number[] = [];
  const sleeps: number[] = [];
  const validators: (string | null)[] = [];
  let clock = 0;
  const d: TransferDeps = {
    fetch,
    sink,
    signal: new AbortController().signal,
    now: () => clock,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    onBytes: (n) => {
      seen.push(n);
      clock += 10;
    },
    onValidator: (v) => validators.push(v),
    ...extra,
  };
  return { d, seen, sleeps, validators };
}

describe('runTransfer', () => {
  it('downloads a whole file and reports the bytes as they arrive', async () => {
    const sink = memorySink();
    const server = fakeServer();
    const { d, seen, validators } = deps(sink, server.fetch);
    expect(await runTransfer({ url: '/rom', size: 1000, validator: null }, d)).toEqual({ ok: true });
    expect(sink.bytes()).toEqual(FILE);
    expect(seen[0]).toBe(0);
    expect(seen.at(-1)).toBe(1000);
    expect(server.requests).toEqual([{}]);
    expect(validators).toEqual([ETAG]);
  });

  it('resumes with Range and If-Range and appends the 206', async () => {
    const sink = memorySink(FILE.slice(0, 400));
    const server = fakeServer();
    const { d } = deps(sink, server.fetch);
    expect(await runTransfer({ url: '/rom', size: 1000, validator: ETAG }, d)).toEqual({ ok: true });
    expect(server.requests).toEqual([{ Range: 'bytes=400-', 'If-Range': ETAG }]);
    expect(sink.bytes()).toEqual(FILE);
  });

  it('starts over cleanly when the server answers 200 to a resume', async () => {
    // The stored part is from an older file: the validator no longer matches.
    const sink = memorySink(new Uint8Array(400).fill(7));
    const server = fakeServer();
    const { d, seen } = deps(sink, server.fetch);
    expect(await runTransfer({ url: '/rom', size: 1000, validator: '"old"' }, d)).toEqual({ ok: true });
    expect(server.requests[0]).toEqual({ Range: 'bytes=400-', 'If-Range': '"old"' });
    expect(seen[0]).toBe(0);
    expect(sink.bytes()).toEqual(FILE);
  });

  it('retries a dropped connection from where it broke', async () => {
    const sink = memorySink();
    const server = fakeServer([
      () => new Response(body(FILE, 100, 300), { status: 200, headers: { etag: ETAG } }),
      () => new TypeError('offline'),
    ]);
    const { d, sleeps } = deps(sink, server.fetch);
    expect(await runTransfer({ url: '/rom', size: 1000, validator: null }, d)).toEqual({ ok: true });
    expect(server.requests).toEqual([
      {},
      { Range: 'bytes=300-', 'If-Range': ETAG },
      { Range: 'bytes=300-', 'If-Range': ETAG },
    ]);
    expect(sleeps).toEqual([1000, 2000]);
    expect(sink.bytes()).toEqual(FILE);
  });

  it('gives up after a few failed attempts, keeping what arrived', async () => {
    const sink = memorySink(FILE.slice(0, 200));
    const server = fakeServer(Array.from({ length: 10 }, () => () => new TypeError('offline')));
    const { d, sleeps } = deps(sink, server.fetch);
    expect(await runTransfer({ url: '/rom', size: 1000, validator: ETAG }, d)).toEqual({
      ok: false,
      reason: 'network',
    });
    expect(sleeps).toEqual([1000, 2000, 4000, 8000]);
    expect(sink.bytes()).toEqual(FILE.slice(0, 200));
  });

  it('commits what arrived and rejects when paused mid-stream', async () => {
    const sink = memorySink();
    const controller = new AbortController();
    const server = fakeServer();
    const { d } = deps(sink, server.fetch, {
      signal: controller.signal,
      onBytes: (n) => {
        if (n >= 500) controller.abort(new DOMException('paused', 'AbortError'));
      },
    });
    await expect(runTransfer({ url: '/rom', size: 1000, validator: null }, d)).rejects.toThrow('paused');
    expect(sink.bytes()).toEqual(FILE.slice(0, 500));
  });

  it('commits every few seconds so a reload loses little', async () => {
    const sink = memorySink();
    const server = fakeServer();
    let clock = 0;
    const { d } = deps(sink, server.fetch, {
      now: () => clock,
      onBytes: () => {
        clock += 700;
      },
    });
    await runTransfer({ url: '/rom', size: 1000, validator: null }, d);
    // 10 chunks 700 ms apart: a commit every third chunk, plus the last one.
    expect(sink.commits).toBeGreaterThanOrEqual(4);
  });

  it('stops with a storage failure on QuotaExceededError', async () => {
    const sink = memorySink();
    sink.write = async () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    const { d } = deps(sink, fakeServer().fetch);
    expect(await runTransfer({ url: '/rom', size: 1000, validator: null }, d)).toEqual({
      ok: false,
      reason: 'storage',
    });
  });

  it('fails at once on a missing file and on a file of another size', async () => {
    const gone = fakeServer([() => new Response('no', { status: 404 })]);
    expect(
      await runTransfer({ url: '/rom', size: 1000, validator: null }, deps(memorySink(), gone.fetch).d),
    ).toEqual({
      ok: false,
      reason: 'gone',
    });
    const other = fakeServer();
    expect(
      await runTransfer({ url: '/rom', size: 900, validator: null }, deps(memorySink(), other.fetch).d),
    ).toEqual({
      ok: false,
      reason: 'size',
    });
  });

  it('treats a file already whole as done without fetching', async () => {
    const server = fakeServer();
    expect(
      await runTransfer({ url: '/rom', size: 1000, validator: ETAG }, deps(memorySink(FILE), server.fetch).d),
    ).toEqual({
      ok: true,
    });
    expect(server.requests).toEqual([]);
  });
});
