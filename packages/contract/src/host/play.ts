import { z } from 'zod';
import { done, hostCall, hostPush } from './define';

const romMd5 = z.string().min(1).describe('MD5 of the ROM file');
const slot = z.number().int().describe('A save-state slot, 1 … 9');

/** `startGame`: plays a downloaded or imported ROM; resolves once the emulator runs. */
export const startGameRequestSchema = z.object({
  romMd5,
  gameId: z.number().int().nullable().describe('The catalogue game, or null for an unmatched imported ROM'),
  gameName: z.string(),
  coverImage: z.string(),
  emuName: z.string().min(1),
  coreName: z.string().min(1),
  slot: slot.optional().describe('Load this local archive slot once the game runs'),
});

const started = z.object({ started: z.literal(true) });

/** One save-state slot on this device. */
export const localArchiveSlotSchema = z.object({
  slot,
  path: z.string(),
  bytes: z.number(),
  fileName: z.string(),
  coreName: z.string(),
  time: z.number(),
  md5: z.string().describe('MD5 of the state file'),
  image: z.string().nullable().describe('A small JPEG screenshot as a data: URL, if one was taken'),
  cloudSlotId: z.number().nullable().describe('The cloud slot this state was uploaded as or downloaded from'),
  cloudVersionId: z.number().nullable().describe('Its cloud version: the base of a conflict check'),
});

/** A game's slots on this device, and its battery save if it has one. */
export const localArchiveSchema = z.object({
  gameId: z.number().int().nullable(),
  romMd5: z.string(),
  gameName: z.string(),
  coverImage: z.string(),
  emuName: z.string(),
  coreName: z.string(),
  slots: z.array(localArchiveSlotSchema),
  battery: z.object({ bytes: z.number(), time: z.number() }).nullable(),
});

export const archiveListRequestSchema = z.object({ romMd5: romMd5.optional() }).optional();
export const archiveListResultSchema = z.object({ list: z.array(localArchiveSchema) });

/** `archiveStart` and `archiveRemove`: one local slot of one ROM. */
export const archiveSlotRefSchema = z.object({ romMd5, slot });

/**
 * `archiveUpload`: when another device saved the cloud slot since this one last saw it, nothing is
 * saved and the answer carries the newer cloud version; the app asks the member and calls again
 * with `overwrite: true` to keep the local state.
 */
export const archiveUploadRequestSchema = archiveSlotRefSchema.extend({ overwrite: z.boolean().optional() });

export const archiveUploadResultSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('uploaded'), cloudSlotId: z.number(), cloudVersionId: z.number() }),
  z.object({
    status: z.literal('conflict'),
    cloud: z.object({
      cloudSlotId: z.number(),
      cloudVersionId: z.number(),
      time: z.number(),
      deviceId: z.string(),
      bytes: z.number(),
    }),
  }),
]);

/** `archiveDownload`: brings a cloud slot (its newest version, or `versionId`) into a local slot. */
export const archiveDownloadRequestSchema = z.object({
  romMd5,
  slot,
  cloudSlotId: z.number().int(),
  versionId: z.number().int().optional(),
});

/** The `archiveProgress` push while an archive goes to or comes from the cloud. */
export const archiveProgressSchema = z.object({
  romMd5: z.string(),
  slot: z.number(),
  direction: z.enum(['upload', 'download']),
  status: z.enum(['running', 'done', 'failed']),
  progress: z.number().describe('0 … 100'),
});

/** The `archiveList` push: the local archives of this ROM changed (saved, loaded from cloud, removed). */
export const archiveListChangedSchema = z.object({ romMd5: z.string() });

/** Playing a ROM in the emulator, and its save states on this device and in the cloud. */
export const playCalls = {
  startGame: hostCall({
    inNativeShell: 'page',
    summary: 'Plays a downloaded or imported ROM',
    payload: startGameRequestSchema,
    result: started,
  }),
  archiveStart: hostCall({
    inNativeShell: 'page',
    summary: 'Plays the game of a local slot and loads the slot',
    payload: archiveSlotRefSchema,
    result: started,
  }),
  archiveList: hostCall({
    inNativeShell: 'page',
    summary: "Every game with local archives (or one ROM's)",
    payload: archiveListRequestSchema,
    result: archiveListResultSchema,
  }),
  archiveRemove: hostCall({
    inNativeShell: 'page',
    summary: 'Deletes one local slot',
    payload: archiveSlotRefSchema,
    result: done,
  }),
  archiveUpload: hostCall({
    inNativeShell: 'page',
    summary: 'Sends a local slot to the cloud',
    payload: archiveUploadRequestSchema,
    result: archiveUploadResultSchema,
  }),
  archiveDownload: hostCall({
    inNativeShell: 'page',
    summary: 'Brings a cloud slot into a local slot',
    payload: archiveDownloadRequestSchema,
    result: localArchiveSlotSchema,
  }),
};

export const playPushes = {
  archiveProgress: hostPush({
    summary: 'How far an upload or download of a slot is',
    data: archiveProgressSchema,
  }),
  archiveList: hostPush({ summary: 'The local archives of a ROM changed', data: archiveListChangedSchema }),
};

export type StartGameRequest = z.output<typeof startGameRequestSchema>;
export type LocalArchiveSlot = z.output<typeof localArchiveSlotSchema>;
export type LocalArchive = z.output<typeof localArchiveSchema>;
export type ArchiveListRequest = NonNullable<z.output<typeof archiveListRequestSchema>>;
export type ArchiveListResult = z.output<typeof archiveListResultSchema>;
export type ArchiveSlotRef = z.output<typeof archiveSlotRefSchema>;
export type ArchiveStartRequest = ArchiveSlotRef;
export type ArchiveUploadRequest = z.output<typeof archiveUploadRequestSchema>;
export type ArchiveUploadResult = z.output<typeof archiveUploadResultSchema>;
export type ArchiveDownloadRequest = z.output<typeof archiveDownloadRequestSchema>;
export type ArchiveProgress = z.output<typeof archiveProgressSchema>;
export type ArchiveListChanged = z.output<typeof archiveListChangedSchema>;
