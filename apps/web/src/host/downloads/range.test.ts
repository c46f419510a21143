import { describe, expect, it } from 'vitest';
import { planRequest, readResponse } from './range';

const headers = (h: Record<string, string>) => (name: string) => h[name.toLowerCase()] ?? null;
const ETAG = '"abc123"';

describe('Range planning', () => {
  it('asks for the whole file when nothing is stored', () => {
    expect(planRequest(0, ETAG)).toEqual({ from: 0, headers: {} });
  });

  it('asks for the rest with If-Range on the validator', () => {
    expect(planRequest(4096, ETAG)).toEqual({
      from: 4096,
      headers: { Range: 'bytes=4096-', 'If-Range': ETAG },
    });
    expect(planRequest(10, null).headers).toEqual({ Range: 'bytes=10-' });
  });
});

describe('reading the answer', () => {
  const plan = planRequest(4096, ETAG);

  it('appends a 206 that starts where we stopped', () => {
    const h = headers({ 'content-range': 'bytes 4096-9999/10000' });
    expect(readResponse(plan, 206, h, 10000)).toEqual({ kind: 'append', offset: 4096 });
  });

  it('refetches a 206 that starts elsewhere, and fails one for another file size', () => {
    expect(readResponse(plan, 206, headers({ 'content-range': 'bytes 0-9999/10000' }), 10000)).toEqual({
      kind: 'refetch',
    });
    expect(readResponse(plan, 206, headers({ 'content-range': 'bytes 4096-8191/8192' }), 10000)).toEqual({
      kind: 'fatal',
      reason: 'size',
    });
    expect(readResponse(plan, 206, headers({}), 10000)).toEqual({ kind: 'refetch' });
  });

  it('restarts from zero on a 200 (the validator changed or ranges are not served)', () => {
    expect(readResponse(plan, 200, headers({ 'content-length': '10000' }), 10000)).toEqual({
      kind: 'restart',
    });
    expect(readResponse(plan, 200, headers({ 'content-length': '5' }), 10000)).toEqual({
      kind: 'fatal',
      reason: 'size',
    });
  });

  it('reads 416 past the end as complete, before the end as start over', () => {
    expect(readResponse(planRequest(10000, ETAG), 416, headers({}), 10000)).toEqual({ kind: 'complete' });
    expect(readResponse(plan, 416, headers({}), 10000)).toEqual({ kind: 'refetch' });
  });

  it('retries server trouble and gives up on a missing file', () => {
    expect(readResponse(plan, 503, headers({}), 10000)).toEqual({ kind: 'retry' });
    expect(readResponse(plan, 429, headers({}), 10000)).toEqual({ kind: 'retry' });
    expect(readResponse(plan, 404, headers({}), 10000)).toEqual({ kind: 'fatal', reason: 'gone' });
    expect(readResponse(plan, 403, headers({}), 10000)).toEqual({ kind: 'fatal', reason: 'http' });
  });
});
