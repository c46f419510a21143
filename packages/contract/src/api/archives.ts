import { z } from 'zod';
import { idField } from './common';
import { endpoint } from './endpoint';

/** A save state larger than this is refused: emulator states are kilobytes to a few megabytes. */
export const ARCHIVE_MAX_BYTES = 16 * 1024 * 1024;
/** A slot keeps its newest versions, this many; older ones are dropped when a new one is saved. */
export const ARCHIVE_HISTORY = 10;
/** Slots are numbered 0 (the battery save or auto slot) to this. */
export const ARCHIVE_SLOT_MAX = 99;

/**
 * `GET /upload/download/archive?id=<version id>&key=<access key>`: a cloud archive's state file
 * (add `&part=image` for its screenshot), with HTTP Range. The address, with its random per-version
 * key, is given only to the archive's owner (`archive_path_text`, `archive_img_text`).
 */
export const DOWNLOAD_ARCHIVE_PATH = 'download/archive';

const md5Field = z
  .string()
  .regex(/^[0-9a-fA-F]{32}$/, { error: 'errors.invalid_payload' })
  .describe('MD5 (hex)');
const sha256Field = z
  .string()
  .regex(/^[0-9a-f]{64}$/, { error: 'errors.invalid_payload' })
  .describe('SHA-256 (hex) of a file stored by the upload host');

/** One saved version of a slot. */
export const archiveVersionSchema = z.object({
  version_id: z.number().int().describe('Send it back as base_version with the next save of this slot'),
  id: z.number().int().describe('The slot'),
  slot: z.number().int(),
  rom_md5: z.string(),
  archive_md5: z.string().describe('MD5 of the state file'),
  bytes: z.number().int(),
  core_name: z.string(),
  device_id: z.string().describe('The device that saved it'),
  base_version: z.number().int().nullable().describe('The version the saving device had last seen'),
  add_time: z.number().int().describe('When this version was saved (epoch ms)'),
  archive_path_text: z.string().describe('Download address of the state file (private to the owner)'),
  archive_img_text: z.string().nullable().describe('Address of the screenshot, if one was saved'),
});
export type ArchiveVersion = z.output<typeof archiveVersionSchema>;

/**
 * Records a new version of the caller's slot (rom_md5, slot). Upload the state file first through
 * `upload/big` (tus; any name, e.g. `slot2.state`) and the screenshot through `upload/file`
 * (`app=post_images`), then send their sha256 here.
 *
 * - `base_version` is the version this device last saw of the slot (null for a first save). When
 *   the slot's newest version is another one, the answer is code 0 `game.archive_conflict` with
 *   that newer version as `data`; send again with `overwrite: true` to save over it anyway.
 * - Sending the same state file again answers the version already recorded, so a retry is safe.
 */
export const saveArchive = endpoint({
  base: 'game',
  path: 'archive/saveArchive',
  auth: 'required',
  summary: "Save a new version of a cloud archive slot (conflict-checked against the device's base)",
  payload: z.object({
    rom_md5: md5Field.describe('MD5 of the ROM the state belongs to'),
    slot: z.number().int().min(0).max(ARCHIVE_SLOT_MAX),
    game_uid: z.string().max(64).nullish().describe('The catalogue game, when the ROM is one'),
    game_name: z.string().trim().min(1, { error: 'validation.name_required' }).max(200),
    icon_image: z
      .string()
      .max(2000)
      // An address the app may put in an <img>: a path on this server or a web address.
      .regex(/^(|\/[^/].*|https?:\/\/.+)$/, { error: 'validation.url_invalid' })
      .default('')
      .describe('Cover address shown beside the game'),
    core_name: z.string().max(64).default(''),
    state_sha256: sha256Field.describe('The uploaded state file'),
    image_sha256: sha256Field.nullish().describe('The uploaded screenshot'),
    archive_md5: md5Field.optional().describe('MD5 of the state file, checked against what was stored'),
    device_id: z.string().trim().min(1).max(64).describe('A stable id of the saving device'),
    base_version: z.number().int().positive().nullable().default(null),
    overwrite: z.boolean().default(false).describe('Save even when another device saved since'),
  }),
  data: archiveVersionSchema,
});

export const archiveSlotSchema = z.object({
  id: z.number().int().describe('The slot (stable across saves; deleteArchive and history take it)'),
  version_id: z.number().int().describe('Its newest version'),
  slot: z.number().int(),
  archive_img_text: z.string().nullable(),
  last_update_time: z.number().int().describe('When the newest version was saved (epoch ms)'),
  add_time: z.number().int().describe('When the slot was first saved (epoch ms)'),
  archive_path_text: z.string().describe('Download address of the newest state file'),
  core_name: z.string(),
  archive_md5: z.string(),
  bytes: z.number().int(),
  device_id: z.string(),
});

export const archiveGameSchema = z.object({
  game_uid: z.string().nullable(),
  game_name: z.string(),
  rom_md5: z.string(),
  icon_image: z.string(),
  slots: z.array(archiveSlotSchema),
});

/** The caller's cloud archives by game (most recently saved first), each game's slots in order. */
export const archiveList = endpoint({
  base: 'game',
  path: 'archive/archiveList',
  methods: ['POST', 'GET'],
  auth: 'required',
  summary: "The caller's cloud archives, grouped by game",
  payload: z.object({ rom_md5: md5Field.optional().describe('Only this ROM') }),
  data: z.object({ list: z.array(archiveGameSchema) }),
});

/** A slot's kept versions, newest first; restoring one is downloading its `archive_path_text`. */
export const archiveHistory = endpoint({
  base: 'game',
  path: 'archive/history',
  methods: ['POST', 'GET'],
  auth: 'required',
  summary: "A cloud archive slot's versions, newest first",
  payload: z.object({ id: idField.describe('The slot') }),
  data: z.object({ list: z.array(archiveVersionSchema) }),
});

/**
 * Deletes one of the caller's slots with its whole history, or only `version_id` of it (the slot
 * goes with its last version). Someone else's slot is answered as not found.
 */
export const deleteArchive = endpoint({
  base: 'game',
  path: 'archive/deleteArchive',
  auth: 'required',
  summary: 'Delete a cloud archive slot, or one version of it',
  payload: z.object({
    id: idField.describe('The slot'),
    version_id: idField.optional().describe('Only this version'),
  }),
  data: z.object({
    id: z.number().int(),
    deleted_versions: z.number().int(),
    slot_deleted: z.boolean(),
  }),
});

export const archivesEndpoints = { saveArchive, archiveList, archiveHistory, deleteArchive } as const;
