import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** A version with its slot, as the answers present it. */
export interface VersionRow {
  id: number;
  slot_id: number;
  slot: number;
  rom_md5: string;
  state_sha256: string;
  image_sha256: string | null;
  archive_md5: string;
  bytes: number;
  core_name: string;
  device_id: string;
  base_version_id: number | null;
  access_key: string;
  created_at: number;
}

export interface SlotRow {
  id: number;
  user_id: number;
  rom_md5: string;
  slot: number;
  game_uid: string | null;
  game_name: string;
  icon_image: string;
  latest_version_id: number | null;
  created_at: number;
  updated_at: number;
}

const VERSION_COLUMNS = [
  'v.id',
  'v.slot_id',
  's.slot',
  's.rom_md5',
  'v.state_sha256',
  'v.image_sha256',
  'v.archive_md5',
  'v.bytes',
  'v.core_name',
  'v.device_id',
  'v.base_version_id',
  'v.access_key',
  'v.created_at',
] as const;

/** Queries only; every function takes the executor, so the service can run them in its transaction. */
export const archivesRepo = {
  /** The member's slot (rom_md5, slot), made when it doesn't exist yet (concurrent makers share it). */
  async ensureSlot(
    db: Kysely<DB>,
    row: {
      userId: number;
      romMd5: string;
      slot: number;
      gameUid: string | null;
      gameName: string;
      iconImage: string;
      now: number;
    },
  ): Promise<SlotRow> {
    await db
      .insertInto('archive_slots')
      .values({
        user_id: row.userId,
        rom_md5: row.romMd5,
        slot: row.slot,
        game_uid: row.gameUid,
        game_name: row.gameName,
        icon_image: row.iconImage,
        latest_version_id: null,
        created_at: row.now,
        updated_at: row.now,
      })
      .onConflict((oc) => oc.columns(['user_id', 'rom_md5', 'slot']).doNothing())
      .execute();
    return db
      .selectFrom('archive_slots')
      .selectAll()
      .where('user_id', '=', row.userId)
      .where('rom_md5', '=', row.romMd5)
      .where('slot', '=', row.slot)
      .executeTakeFirstOrThrow();
  },

  /** The member's slot by id; someone else's is undefined, as a missing one. */
  ownSlot: (db: Kysely<DB>, userId: number, slotId: number) =>
    db
      .selectFrom('archive_slots')
      .selectAll()
      .where('id', '=', slotId)
      .where('user_id', '=', userId)
      .executeTakeFirst(),

  /** A slot's kept versions, newest first (at most ARCHIVE_HISTORY by the service's pruning). */
  versions: (db: Kysely<DB>, slotId: number): Promise<VersionRow[]> =>
    db
      .selectFrom('archive_versions as v')
      .innerJoin('archive_slots as s', 's.id', 'v.slot_id')
      .select(VERSION_COLUMNS)
      .where('v.slot_id', '=', slotId)
      .orderBy('v.id', 'desc')
      .execute(),

  version: (db: Kysely<DB>, id: number): Promise<VersionRow | undefined> =>
    db
      .selectFrom('archive_versions as v')
      .innerJoin('archive_slots as s', 's.id', 'v.slot_id')
      .select(VERSION_COLUMNS)
      .where('v.id', '=', id)
      .executeTakeFirst(),

  async insertVersion(
    db: Kysely<DB>,
    row: {
      slotId: number;
      stateSha256: string;
      imageSha256: string | null;
      archiveMd5: string;
      bytes: number;
      coreName: string;
      deviceId: string;
      baseVersionId: number | null;
      accessKey: string;
      now: number;
    },
  ): Promise<number> {
    const { id } = await db
      .insertInto('archive_versions')
      .values({
        slot_id: row.slotId,
        state_sha256: row.stateSha256,
        image_sha256: row.imageSha256,
        archive_md5: row.archiveMd5,
        bytes: row.bytes,
        core_name: row.coreName,
        device_id: row.deviceId,
        base_version_id: row.baseVersionId,
        access_key: row.accessKey,
        created_at: row.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(id);
  },

  /**
   * Moves the slot's pointer from `expected` to `next` (and refreshes the game's name and cover),
   * only if it still points at `expected`: false when another save moved it first.
   */
  async moveLatest(
    db: Kysely<DB>,
    slotId: number,
    expected: number | null,
    next: number | null,
    game: { gameUid: string | null; gameName: string; iconImage: string; now: number } | null,
  ): Promise<boolean> {
    let query = db
      .updateTable('archive_slots')
      .set({
        latest_version_id: next,
        ...(game
          ? {
              game_uid: game.gameUid,
              game_name: game.gameName,
              icon_image: game.iconImage,
              updated_at: game.now,
            }
          : {}),
      })
      .where('id', '=', slotId);
    query =
      expected === null
        ? query.where('latest_version_id', 'is', null)
        : query.where('latest_version_id', '=', expected);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  async deleteVersions(db: Kysely<DB>, slotId: number, ids: number[]): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await db
      .deleteFrom('archive_versions')
      .where('slot_id', '=', slotId)
      .where('id', 'in', ids)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },

  /** Deletes the slot; its versions go with it (on delete cascade). */
  async deleteSlot(db: Kysely<DB>, slotId: number): Promise<void> {
    await db.deleteFrom('archive_slots').where('id', '=', slotId).execute();
  },

  /** The member's slots that hold a version, with the newest version of each. */
  listSlots: (db: Kysely<DB>, userId: number, romMd5: string | undefined) => {
    let query = db
      .selectFrom('archive_slots as s')
      .innerJoin('archive_versions as v', 'v.id', 's.latest_version_id')
      .select([
        's.id',
        's.slot',
        's.rom_md5',
        's.game_uid',
        's.game_name',
        's.icon_image',
        's.created_at',
        'v.id as version_id',
        'v.image_sha256',
        'v.archive_md5',
        'v.bytes',
        'v.core_name',
        'v.device_id',
        'v.access_key',
        'v.created_at as version_created_at',
      ])
      .where('s.user_id', '=', userId);
    if (romMd5 !== undefined) query = query.where('s.rom_md5', '=', romMd5);
    return query.orderBy('s.rom_md5').orderBy('s.slot').execute();
  },

  /** A version's files and key, with its owner, for the download address. */
  downloadable: (db: Kysely<DB>, versionId: number) =>
    db
      .selectFrom('archive_versions as v')
      .innerJoin('archive_slots as s', 's.id', 'v.slot_id')
      .select(['v.id', 'v.state_sha256', 'v.image_sha256', 'v.access_key', 's.rom_md5', 's.slot'])
      .where('v.id', '=', versionId)
      .executeTakeFirst(),

  upload: (db: Kysely<DB>, sha256: string) =>
    db
      .selectFrom('uploads')
      .select(['sha256', 'mime', 'bytes', 'picture'])
      .where('sha256', '=', sha256)
      .executeTakeFirst(),

  /** A file `userId` uploaded: a save names only its member's own uploads. */
  uploadOf: (db: Kysely<DB>, userId: number, sha256: string) =>
    db
      .selectFrom('uploads')
      .innerJoin('upload_owners as o', 'o.sha256', 'uploads.sha256')
      .select(['uploads.sha256', 'uploads.mime', 'uploads.bytes', 'uploads.picture'])
      .where('o.user_id', '=', userId)
      .where('uploads.sha256', '=', sha256)
      .executeTakeFirst(),
};
