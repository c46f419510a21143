import { z } from 'zod';
import { hostCall, hostPush, removedCount } from './define';

/**
 * A ROM file found in the member's ROM directory. The cover is the emulator's `icon_url_text`; a
 * file that matches a catalogue game carries its id and name.
 */
export const importedGameSchema = z.object({
  romMd5: z.string(),
  romMd5Headerless: z
    .string()
    .nullable()
    .describe('MD5 without the platform header, where the platform has one (NES: the iNES header)'),
  emuName: z.string(),
  coreName: z.string(),
  gameName: z.string().describe('The catalogue name when matched, else the file name without its extension'),
  coverImage: z.string(),
  fileName: z.string(),
  path: z
    .string()
    .describe('Path inside the chosen directory; a file inside a zip reads `pack.zip/inner.nes`'),
  size: z.number(),
  gameId: z.number().int().nullable().describe('The catalogue game its MD5 matched, if any'),
  importedAt: z.number(),
  storage: z
    .enum(['handle', 'copy'])
    .describe(
      "`handle`: read from the directory at play time (nothing copied); `copy`: the bytes are kept in the host's storage",
    ),
});

/**
 * `pick` opens the directory picker (and must be called from a tap); `rescan` scans the
 * remembered directory again; `cancel` stops an import under way (what was hashed so far is kept).
 */
export const importGamesRequestSchema = z
  .object({ action: z.enum(['pick', 'rescan', 'cancel']).optional().describe('`pick` when absent') })
  .optional();

export const importGamesResultSchema = z.object({
  directoryName: z.string(),
  found: z.number().describe('ROM files found (by extension, also inside zip archives)'),
  imported: z.number().describe('New games remembered by this import'),
  matched: z.number().describe('Of the files found, those that matched a catalogue game'),
  duplicates: z.number().describe('Files whose MD5 was already imported'),
  cancelled: z.boolean(),
});

/** The `importProgress` push, several times a second while an import runs. */
export const importProgressSchema = z.object({
  phase: z.enum(['scanning', 'hashing', 'matching', 'done', 'cancelled', 'failed']),
  files: z.number(),
  totalFiles: z.number(),
  bytes: z.number(),
  totalBytes: z.number(),
  bytesPerSecond: z.number(),
  secondsLeft: z.number().nullable().describe('null while unknown (scanning, or too early to tell)'),
  current: z.string().nullable(),
});

export const localGamesRequestSchema = z
  .object({
    offset: z.number().int().nonnegative().optional(),
    limit: z.number().int().positive().optional(),
  })
  .optional();

export const localGamesSchema = z.object({
  list: z.array(importedGameSchema),
  total: z.number(),
  directory: z
    .object({ name: z.string(), lastScanAt: z.number(), canRescan: z.boolean() })
    .nullable()
    .describe('The remembered ROM directory'),
});

export const removeLocalGamesRequestSchema = z.object({ romMd5s: z.array(z.string()) });

/** ROM files of the member's own, imported from a directory of the device. */
export const importCalls = {
  importGames: hostCall({
    inNativeShell: 'page',
    summary: 'Imports ROMs from a directory the member picks, or scans it again',
    payload: importGamesRequestSchema,
    result: importGamesResultSchema,
  }),
  getLocalGames: hostCall({
    inNativeShell: 'page',
    summary: 'The imported games, newest first, and the remembered directory',
    payload: localGamesRequestSchema,
    result: localGamesSchema,
  }),
  removeLocalGames: hostCall({
    inNativeShell: 'page',
    summary: "Forgets imported games (never deletes the member's files)",
    payload: removeLocalGamesRequestSchema,
    result: removedCount,
  }),
};

export const importPushes = {
  importProgress: hostPush({ summary: 'How far the import under way is', data: importProgressSchema }),
};

export type ImportedGame = z.output<typeof importedGameSchema>;
export type ImportGamesRequest = NonNullable<z.output<typeof importGamesRequestSchema>>;
export type ImportGamesResult = z.output<typeof importGamesResultSchema>;
export type ImportProgress = z.output<typeof importProgressSchema>;
export type LocalGamesRequest = NonNullable<z.output<typeof localGamesRequestSchema>>;
export type LocalGames = z.output<typeof localGamesSchema>;
export type RemoveLocalGamesRequest = z.output<typeof removeLocalGamesRequestSchema>;
