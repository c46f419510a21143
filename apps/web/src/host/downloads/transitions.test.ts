import type { DownloadStatus } from '@pixelhall/contract/host';
import { describe, expect, it } from 'vitest';
import { inList, nextStatus, percent, transition } from './transitions';

describe('download states', () => {
  it('walks not-started → downloading → paused → not-started → downloading → downloaded', () => {
    let status: DownloadStatus = 'not-started';
    const path: DownloadStatus[] = [];
    for (const event of ['run', 'pause', 'queue', 'run', 'finish'] as const) {
      status = nextStatus(status, event) ?? status;
      path.push(status);
    }
    expect(path).toEqual(['downloading', 'paused', 'not-started', 'downloading', 'downloaded']);
  });

  it('refuses moves the product does not have', () => {
    expect(nextStatus('downloaded', 'pause')).toBeNull();
    expect(nextStatus('downloaded', 'queue')).toBeNull();
    expect(nextStatus('paused', 'run')).toBeNull();
    expect(nextStatus('paused', 'finish')).toBeNull();
    expect(nextStatus('not-started', 'finish')).toBeNull();
    expect(nextStatus('failed', 'run')).toBeNull();
  });

  it('lets a failed download be resumed, and a reload requeue a running one only', () => {
    expect(nextStatus('failed', 'queue')).toBe('not-started');
    expect(nextStatus('downloading', 'interrupt')).toBe('not-started');
    expect(nextStatus('paused', 'interrupt')).toBeNull();
  });

  it('resets the speed when a download stops and keeps the error only while failed', () => {
    const running = { status: 'downloading' as const, speedBytes: 5000, error: null, updatedAt: 1 };
    expect(transition(running, 'pause', 9)).toEqual({
      status: 'paused',
      speedBytes: 0,
      error: null,
      updatedAt: 9,
    });
    expect(transition(running, 'fail', 9, 'offline')).toMatchObject({
      status: 'failed',
      error: 'offline',
      speedBytes: 0,
    });
    const failed = { status: 'failed' as const, speedBytes: 0, error: 'offline', updatedAt: 9 };
    expect(transition(failed, 'queue', 10)).toMatchObject({ status: 'not-started', error: null });
    expect(transition({ ...failed, status: 'downloaded' }, 'pause', 10)).toBeNull();
  });

  it('splits the lists into downloading (everything unfinished) and downloaded', () => {
    const all: DownloadStatus[] = ['not-started', 'downloading', 'paused', 'downloaded', 'failed'];
    expect(all.filter((s) => inList(s, 'downloading'))).toEqual([
      'not-started',
      'downloading',
      'paused',
      'failed',
    ]);
    expect(all.filter((s) => inList(s, 'downloaded'))).toEqual(['downloaded']);
    expect(all.filter((s) => inList(s, undefined))).toEqual(all);
  });

  it('rounds progress down so 100 means every byte', () => {
    expect(percent(999, 1000)).toBe(99);
    expect(percent(1000, 1000)).toBe(100);
    expect(percent(0, 0)).toBe(0);
  });
});
