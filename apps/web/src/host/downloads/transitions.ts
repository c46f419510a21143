import type { DownloadStatus, LocalGame } from '@pixelhall/contract/host';

/**
 * What can happen to a download. `queue` is start/resume (it waits for a free slot), `run` is
 * the scheduler taking it, `interrupt` is the page dying while it ran (found on the next start).
 */
export type DownloadEvent = 'queue' | 'run' | 'pause' | 'finish' | 'fail' | 'interrupt';

/** docs/product/games-library-and-player.md#download-states, and nothing else: a missing pair is a move the host refuses. */
const NEXT: Record<DownloadEvent, Partial<Record<DownloadStatus, DownloadStatus>>> = {
  queue: { paused: 'not-started', failed: 'not-started', 'not-started': 'not-started' },
  run: { 'not-started': 'downloading' },
  pause: { 'not-started': 'paused', downloading: 'paused', paused: 'paused' },
  finish: { downloading: 'downloaded' },
  fail: { downloading: 'failed', 'not-started': 'failed' },
  interrupt: { downloading: 'not-started' },
};

export function nextStatus(status: DownloadStatus, event: DownloadEvent): DownloadStatus | null {
  return NEXT[event][status] ?? null;
}

type Moving = Pick<LocalGame, 'status' | 'speedBytes' | 'error' | 'updatedAt'>;

/**
 * The fields an event changes, or null when the event does not apply. Speed is 0 outside
 * `downloading` (pausing resets it: docs/product/games-library-and-player.md#download-states); the error survives only on a failed entry.
 */
export function transition(
  game: Moving,
  event: DownloadEvent,
  now: number,
  error: string | null = null,
): Moving | null {
  const status = nextStatus(game.status, event);
  if (!status) return null;
  return {
    status,
    speedBytes: status === 'downloading' ? game.speedBytes : 0,
    error: status === 'failed' ? error : null,
    updatedAt: now,
  };
}

/** `getGameRomList`'s and `clear`'s lists: "downloading" is everything not yet downloaded. */
export function inList(status: DownloadStatus, list: 'downloading' | 'downloaded' | undefined): boolean {
  if (!list) return true;
  return list === 'downloaded' ? status === 'downloaded' : status !== 'downloaded';
}

export function percent(received: number, size: number): number {
  if (size <= 0) return 0;
  return Math.min(100, Math.floor((received * 100) / size));
}
