import { BASE_PREFIX } from '@pixelhall/contract';
import type {
  ClearDownloadsRequest,
  DownloadProgress,
  DownloadRef,
  GameRomInfoRequest,
  GameRomList,
  GameRomListRequest,
  LocalGame,
  StartDownloadRequest,
} from '@pixelhall/contract/host';
import { baseUrl } from '../../api/config';
import { holdHeavyWork } from '../../core/heavy-work';
import { storageFullText } from '../../core/storage-full';
import i18n from '../../i18n';
import type { DownloadRecord } from '../store/db';
import { opfsFile, opfsRemove, persistStorage } from '../store/opfs';
import { opfsSink } from './opfs-sink';
import { setPendingDownloads } from './pending';
import { records } from './records';
import { PushThrottle, SpeedMeter } from './speed';
import { abortableSleep, runTransfer, type TransferResult } from './transfer';
import { type DownloadEvent, inList, percent, transition } from './transitions';
import { md5OfFile } from './verify';

/** At most two at a time; the rest wait as not-started (docs/product/games-library-and-player.md#downloads). */
export const MAX_ACTIVE_DOWNLOADS = 2;
/** How often a running download's byte count is written to IndexedDB. */
const SAVE_EVERY_MS = 1000;

interface Job {
  controller: AbortController;
  done: Promise<void>;
  received: number;
  meter: SpeedMeter;
}

/**
 * The web host's downloads (`start` … `getGameRomInfo`, docs/product/calls-and-host.md#host-calls): records in IndexedDB, bytes in the
 * origin-private file system, at most MAX_ACTIVE_DOWNLOADS running, each under a Web Lock so two
 * tabs never write the same file.
 */
export class DownloadManager {
  private readonly jobs = new Map<number, Job>();
  private pumping: Promise<void> = Promise.resolve();
  private storageAsked = false;

  constructor(private readonly push: (progress: DownloadProgress) => void) {}

  /** Downloads that were running when the page died wait again; the queue then starts. */
  async init(): Promise<void> {
    // A download another open tab is running is not interrupted; only the dead page's are.
    const held = new Set((await navigator.locks?.query())?.held?.map((lock) => lock.name) ?? []);
    for (const record of await records.all()) {
      if (record.status === 'downloading' && !held.has(lockName(record.gameId))) {
        await this.move(record.gameId, 'interrupt');
      }
    }
    this.pump();
  }

  async start(request: StartDownloadRequest): Promise<LocalGame> {
    const existing = await records.get(request.gameId);
    if (existing) {
      if (existing.status === 'paused' || existing.status === 'failed') return this.resume(request);
      return view(existing);
    }
    if (!this.storageAsked) {
      this.storageAsked = true;
      await persistStorage();
    }
    const now = Date.now();
    const record: DownloadRecord = {
      gameId: request.gameId,
      romMd5: request.romMd5.toLowerCase(),
      emuName: request.emuName,
      coreName: request.coreName,
      gameName: request.gameName,
      coverImage: request.coverImage,
      fileName: request.fileName,
      size: request.size,
      receivedBytes: 0,
      status: 'not-started',
      speedBytes: 0,
      progress: 0,
      error: null,
      addedAt: now,
      updatedAt: now,
      url: request.url,
      opfsPath: `downloads/${request.romMd5.toLowerCase()}`,
      etag: null,
    };
    await records.put(record);
    this.push(progressOf(record));
    this.pump();
    return view(record);
  }

  async pause({ gameId }: DownloadRef): Promise<LocalGame> {
    const record = await this.existing(gameId);
    if (record.status === 'downloaded' || record.status === 'failed') return view(record);
    await this.move(gameId, 'pause', null, false);
    await this.stop(gameId);
    const paused = await this.existing(gameId);
    this.push(progressOf(paused));
    return view(paused);
  }

  async resume({ gameId }: DownloadRef): Promise<LocalGame> {
    const record = await this.existing(gameId);
    const queued = await this.move(gameId, 'queue');
    this.pump();
    return view(queued ?? record);
  }

  /** Stops a download and forgets it with its bytes (cancel and remove alike). */
  async remove({ gameId }: DownloadRef): Promise<void> {
    await this.stop(gameId);
    const record = await records.get(gameId);
    if (!record) return;
    await records.delete(gameId);
    // Two catalogue entries can share one ROM file: the last one out deletes it.
    if ((await records.byRomMd5(record.romMd5)).length === 0) await opfsRemove(record.opfsPath);
    this.pump();
  }

  async clear({ status }: ClearDownloadsRequest): Promise<{ removed: number }> {
    const doomed = (await records.all()).filter((r) => inList(r.status, status));
    for (const record of doomed) await this.remove(record);
    return { removed: doomed.length };
  }

  async list({ offset, limit, status }: GameRomListRequest): Promise<GameRomList> {
    const start = Math.max(0, Math.floor(offset) || 0);
    const count = Math.min(100, Math.max(1, Math.floor(limit) || 20));
    const matching = (await records.all()).filter((r) => inList(r.status, status));
    return { list: matching.slice(start, start + count).map((r) => this.live(r)), total: matching.length };
  }

  async info(request: GameRomInfoRequest): Promise<LocalGame | null> {
    const record =
      'gameId' in request
        ? await records.get(request.gameId)
        : (await records.byRomMd5(request.romMd5.toLowerCase()))[0];
    return record ? this.live(record) : null;
  }

  private async existing(gameId: number): Promise<DownloadRecord> {
    const record = await records.get(gameId);
    if (!record) throw new Error(i18n.t('downloadsUi.not_in_list'));
    return record;
  }

  /** Applies a state change, pushes it (unless the caller pushes later) and returns the record. */
  private async move(
    gameId: number,
    event: DownloadEvent,
    error: string | null = null,
    announce = true,
  ): Promise<DownloadRecord | null> {
    const moved = await records.update(gameId, (r) => transition(r, event, Date.now(), error));
    if (moved && announce) this.push(progressOf(moved));
    return moved;
  }

  /** Aborts a running download and waits until its bytes are committed. */
  private async stop(gameId: number): Promise<void> {
    const job = this.jobs.get(gameId);
    if (!job) return;
    job.controller.abort(new DOMException('Download stopped', 'AbortError'));
    await job.done;
  }

  /** Starts queued downloads (oldest queued first) while a slot is free; one pass at a time. */
  private pump(): void {
    this.pumping = this.pumping
      .then(async () => {
        const all = await records.all();
        setPendingDownloads(all.some((r) => r.status === 'not-started' || r.status === 'downloading'));
        const queued = all
          .filter((r) => r.status === 'not-started' && !this.jobs.has(r.gameId))
          .sort((a, b) => a.updatedAt - b.updatedAt);
        for (const record of queued) {
          if (this.jobs.size >= MAX_ACTIVE_DOWNLOADS) break;
          this.run(record.gameId);
        }
      })
      .catch((err) => console.error('download queue', err));
  }

  private run(gameId: number): void {
    const controller = new AbortController();
    const job: Job = { controller, done: Promise.resolve(), received: 0, meter: new SpeedMeter(Date.now()) };
    this.jobs.set(gameId, job);
    const heavy = holdHeavyWork();
    const work = () => this.transfer(gameId, job);
    const locked = navigator.locks
      ? navigator.locks.request(lockName(gameId), { signal: controller.signal }, work)
      : work();
    job.done = locked
      .catch((err) => {
        if (!controller.signal.aborted) console.error('download', gameId, err);
      })
      .finally(() => {
        heavy();
        this.jobs.delete(gameId);
        this.pump();
      });
  }

  private async transfer(gameId: number, job: Job): Promise<void> {
    // Another tab may have finished, paused or removed it while this one waited for the lock.
    const running = await this.move(gameId, 'run');
    if (!running) return;
    const sink = opfsSink(running.opfsPath);
    const throttle = new PushThrottle();
    let savedAt = Date.now();
    job.received = Math.min(await sink.size(), running.size);
    const announce = () => {
      if (throttle.ready(Date.now())) this.push(progressOf(this.live(running)));
    };
    // A stalled connection still slows the figure down between chunks.
    const ticker = setInterval(() => {
      job.meter.add(0, Date.now());
      announce();
    }, 1000);
    let result: TransferResult;
    try {
      result = await runTransfer(
        { url: resolveRomUrl(running.url), size: running.size, validator: running.etag ?? null },
        {
          fetch: (url, init) => fetch(url, init),
          sink,
          signal: job.controller.signal,
          now: Date.now,
          sleep: abortableSleep,
          onBytes: (received) => {
            const now = Date.now();
            job.meter.add(Math.max(0, received - job.received), now);
            job.received = received;
            announce();
            if (now - savedAt >= SAVE_EVERY_MS) {
              savedAt = now;
              void this.saveBytes(gameId, received);
            }
          },
          onValidator: (etag) => {
            void records.update(gameId, () => ({ etag }));
          },
        },
      );
    } catch (err) {
      if (job.controller.signal.aborted) {
        await this.saveBytes(gameId, await sink.size());
        return;
      }
      result = { ok: false, reason: 'network' };
      console.error('download', gameId, err);
    } finally {
      clearInterval(ticker);
    }
    try {
      await this.finish(gameId, running, result);
    } catch (err) {
      // Never leave it "downloading" with nothing running: resume can try again.
      console.error('download', gameId, err);
      await this.move(gameId, 'fail', i18n.t('downloadsUi.server_failed'));
    }
  }

  /** Verifies size and MD5 before calling it downloaded; a bad file starts over next time. */
  private async finish(gameId: number, record: DownloadRecord, result: TransferResult): Promise<void> {
    if (!result.ok) {
      await this.saveBytes(gameId, await opfsSink(record.opfsPath).size());
      await this.move(gameId, 'fail', failureText(result.reason));
      return;
    }
    const file = await (await opfsFile(record.opfsPath)).getFile();
    const whole = file.size === record.size && (await md5OfFile(file)) === record.romMd5;
    if (!whole) {
      await opfsRemove(record.opfsPath);
      await this.saveBytes(gameId, 0);
      await this.move(gameId, 'fail', i18n.t('downloadsUi.corrupt'));
      return;
    }
    await this.saveBytes(gameId, record.size);
    await this.move(gameId, 'finish');
  }

  private saveBytes(gameId: number, received: number): Promise<DownloadRecord | null> {
    return records.update(gameId, (r) => ({
      receivedBytes: received,
      progress: percent(received, r.size),
    }));
  }

  /** A record with a running download's live figures. */
  private live(record: DownloadRecord): LocalGame {
    const job = this.jobs.get(record.gameId);
    if (!job || record.status !== 'downloading') return view(record);
    return {
      ...view(record),
      receivedBytes: job.received,
      progress: percent(job.received, record.size),
      speedBytes: job.meter.bytesPerSecond,
    };
  }
}

/** Held while a tab writes the game's file, so two tabs never write it at once. */
const lockName = (gameId: number) => `download:${gameId}`;

function failureText(reason: Exclude<TransferResult, { ok: true }>['reason']): string {
  switch (reason) {
    case 'storage':
      return storageFullText();
    case 'gone':
      return i18n.t('downloadsUi.gone');
    case 'size':
      return i18n.t('downloadsUi.corrupt');
    case 'http':
      return i18n.t('downloadsUi.server_failed');
    case 'network':
      return i18n.t('downloadsUi.network_failed');
  }
}

/** `download/game` answers an address below the server root (`/upload/roms/…`); a split
 * deployment serves the upload base elsewhere. */
export function resolveRomUrl(url: string): string {
  const prefix = `/${BASE_PREFIX.upload}/`;
  const path = url.startsWith(prefix) ? `${baseUrl('upload')}/${url.slice(prefix.length)}` : url;
  return new URL(path, window.location.href).href;
}

export function view(record: DownloadRecord | LocalGame): LocalGame {
  return {
    gameId: record.gameId,
    romMd5: record.romMd5,
    emuName: record.emuName,
    coreName: record.coreName,
    gameName: record.gameName,
    coverImage: record.coverImage,
    fileName: record.fileName,
    size: record.size,
    receivedBytes: record.receivedBytes,
    status: record.status,
    speedBytes: record.status === 'downloading' ? record.speedBytes : 0,
    progress: record.progress,
    error: record.error,
    addedAt: record.addedAt,
    updatedAt: record.updatedAt,
  };
}

export function progressOf(game: LocalGame): DownloadProgress {
  return {
    gameId: game.gameId,
    romMd5: game.romMd5,
    status: game.status,
    speedBytes: game.status === 'downloading' ? game.speedBytes : 0,
    progress: game.progress,
    receivedBytes: game.receivedBytes,
    size: game.size,
    error: game.error,
  };
}
