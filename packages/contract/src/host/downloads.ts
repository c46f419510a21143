import { z } from 'zod';
import { done, hostCall, hostPush, removedCount } from './define';

const gameId = z.number().int().describe('The catalogue id of the game');
const romMd5 = z.string().min(1).describe('MD5 of the ROM file');

/**
 * not-started → downloading → paused (speed reset to 0) → resumed back to not-started (queued)
 * → downloading …, until downloaded; failed when the network or the storage gives up (resume
 * retries it). Removed entries leave the list.
 */
export const downloadStatusSchema = z.enum(['not-started', 'downloading', 'paused', 'downloaded', 'failed']);

/** A catalogue game downloaded (or downloading) on this device. */
export const localGameSchema = z.object({
  gameId,
  romMd5,
  emuName: z.string().describe('The emulator_uid that plays it'),
  coreName: z.string().describe("The EmulatorJS core (the emulator's core_name)"),
  gameName: z.string(),
  coverImage: z.string(),
  fileName: z.string(),
  size: z.number().describe('Total bytes of the ROM'),
  receivedBytes: z.number(),
  status: downloadStatusSchema,
  speedBytes: z.number().describe('Bytes per second over the last moments; 0 unless downloading'),
  progress: z.number().describe('0 … 100'),
  error: z.string().nullable().describe('Why the last attempt failed, for a failed entry'),
  addedAt: z.number(),
  updatedAt: z.number(),
});

/** `start`: what the app learned from `download/game` and `game/detail`. */
export const startDownloadRequestSchema = z.object({
  gameId,
  romMd5,
  emuName: z.string().min(1),
  coreName: z.string().min(1),
  gameName: z.string(),
  coverImage: z.string(),
  url: z
    .string()
    .min(1)
    .describe('The address `download/game` answered (below the server root; fetched with Range)'),
  fileName: z.string(),
  size: z.number().int().nonnegative(),
});

/** `pause`, `resume`, `cancel`, `remove`: one game of the download list. */
export const downloadRefSchema = z.object({ gameId });

const listStatus = z.enum(['downloading', 'downloaded']);

export const clearDownloadsRequestSchema = z
  .object({ status: listStatus.optional().describe('Which list to empty; both when absent') })
  .optional();

export const gameRomListRequestSchema = z.object({
  offset: z.number().int().nonnegative(),
  limit: z.number().int().positive(),
  status: listStatus.optional(),
});

export const gameRomListSchema = z.object({ list: z.array(localGameSchema), total: z.number() });

export const gameRomInfoRequestSchema = z.union([z.object({ gameId }), z.object({ romMd5 })]);

/** The `progress` push, on every change of a download (and at most a few times a second). */
export const downloadProgressSchema = z.object({
  gameId,
  romMd5,
  status: downloadStatusSchema,
  speedBytes: z.number(),
  progress: z.number(),
  receivedBytes: z.number(),
  size: z.number(),
  error: z.string().nullable(),
});

/** Downloads of catalogue ROMs to this device, with pause and resume. */
export const downloadCalls = {
  start: hostCall({
    inNativeShell: 'page',
    summary: 'Queues the download of a catalogue ROM',
    payload: startDownloadRequestSchema,
    result: localGameSchema,
  }),
  pause: hostCall({
    inNativeShell: 'page',
    summary: 'Pauses a download',
    payload: downloadRefSchema,
    result: localGameSchema,
  }),
  resume: hostCall({
    inNativeShell: 'page',
    summary: 'Queues a paused or failed download again',
    payload: downloadRefSchema,
    result: localGameSchema,
  }),
  cancel: hostCall({
    inNativeShell: 'page',
    summary: 'Stops a download and forgets it',
    payload: downloadRefSchema,
    result: done,
  }),
  remove: hostCall({
    inNativeShell: 'page',
    summary: 'Deletes a download (its ROM too)',
    payload: downloadRefSchema,
    result: done,
  }),
  clear: hostCall({
    inNativeShell: 'page',
    summary: 'Empties the downloading list (cancelling), the downloaded list (deleting), or both',
    payload: clearDownloadsRequestSchema,
    result: removedCount,
  }),
  getGameRomList: hostCall({
    inNativeShell: 'page',
    summary: 'The download list, newest first',
    payload: gameRomListRequestSchema,
    result: gameRomListSchema,
  }),
  getGameRomInfo: hostCall({
    inNativeShell: 'page',
    summary: 'One game of the download list, or null',
    payload: gameRomInfoRequestSchema,
    result: localGameSchema.nullable(),
  }),
};

export const downloadPushes = {
  progress: hostPush({
    summary: 'A download changed (at most a few times a second)',
    data: downloadProgressSchema,
  }),
};

export type DownloadStatus = z.output<typeof downloadStatusSchema>;
export type LocalGame = z.output<typeof localGameSchema>;
export type StartDownloadRequest = z.output<typeof startDownloadRequestSchema>;
export type DownloadRef = z.output<typeof downloadRefSchema>;
export type ClearDownloadsRequest = NonNullable<z.output<typeof clearDownloadsRequestSchema>>;
export type GameRomListRequest = z.output<typeof gameRomListRequestSchema>;
export type GameRomList = z.output<typeof gameRomListSchema>;
export type GameRomInfoRequest = z.output<typeof gameRomInfoRequestSchema>;
export type DownloadProgress = z.output<typeof downloadProgressSchema>;
