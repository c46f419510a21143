import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  ARCHIVE_HISTORY,
  ARCHIVE_MAX_BYTES,
  type ArchiveVersion,
  DOWNLOAD_ARCHIVE_PATH,
  type endpoints,
  type ParsedPayloadOf,
} from '@pixelhall/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError, fail } from '../../http/app-error';
import { type FileStore, OCTET_STREAM } from '../uploads/public';
import { archivesRepo as repo, type VersionRow } from './repo';

type SaveInput = ParsedPayloadOf<typeof endpoints.archives.saveArchive>;

const ARCHIVE_MAX_LABEL = `${ARCHIVE_MAX_BYTES / (1024 * 1024)} MB`;

/** The addresses of a version's files: private, because only the owner is ever given the key. */
function downloadUrl(id: number, key: string, part: 'state' | 'image'): string {
  const base = `/upload/${DOWNLOAD_ARCHIVE_PATH}?id=${id}&key=${encodeURIComponent(key)}`;
  return part === 'image' ? `${base}&part=image` : base;
}

function present(v: VersionRow): ArchiveVersion {
  return {
    version_id: v.id,
    id: v.slot_id,
    slot: v.slot,
    rom_md5: v.rom_md5,
    archive_md5: v.archive_md5,
    bytes: Number(v.bytes),
    core_name: v.core_name,
    device_id: v.device_id,
    base_version: v.base_version_id,
    add_time: Number(v.created_at),
    archive_path_text: downloadUrl(v.id, v.access_key, 'state'),
    archive_img_text: v.image_sha256 ? downloadUrl(v.id, v.access_key, 'image') : null,
  };
}

/** A save over a version this device has not seen: the answer carries the newer one. */
const conflict = (newer: VersionRow) => new AppError('game.archive_conflict', {}, 0, 200, present(newer));
const notFound = () => fail('game.archive_not_found');

/** Constant-time key comparison (both sides hashed, so neither length nor prefix shows). */
function sameKey(expected: string, given: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(expected), digest(given));
}

/** A stored file's MD5, streamed from the store (state files are at most ARCHIVE_MAX_BYTES). */
async function md5Of(store: FileStore, sha256: string): Promise<string> {
  const hash = createHash('md5');
  for await (const chunk of await store.read(sha256)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export interface ArchiveFile {
  sha256: string;
  size: number;
  mime: string;
  /** A name for Content-Disposition: the ROM and slot it belongs to. */
  name: string;
  image: boolean;
  read: (range?: { start: number; end: number }) => ReturnType<FileStore['read']>;
}

export function archivesService({
  db,
  store,
  clock,
}: {
  db: Kysely<DB>;
  store: FileStore;
  clock: () => number;
}) {
  /** The state file's size and MD5, after checking the member uploaded it and it is not too large. */
  async function stateFile(userId: number, sha256: string, claimedMd5: string | undefined) {
    const upload = await repo.uploadOf(db, userId, sha256);
    const size = upload ? await store.size(sha256) : null;
    if (!upload || size === null) throw fail('game.archive_file_unknown');
    if (size > ARCHIVE_MAX_BYTES) throw fail('game.archive_too_large', { max: ARCHIVE_MAX_LABEL });
    const md5 = await md5Of(store, sha256);
    // A client that says what it sent learns at once when the upload arrived damaged.
    if (claimedMd5 !== undefined && claimedMd5.toLowerCase() !== md5) throw fail('game.archive_md5_mismatch');
    return { size, md5 };
  }

  async function screenshot(userId: number, sha256: string | null | undefined): Promise<string | null> {
    if (!sha256) return null;
    // A screenshot is shown inline: only a picture the pipeline made (upload/file) may be one.
    const upload = await repo.uploadOf(db, userId, sha256);
    if (upload?.picture !== 1 || (await store.size(sha256)) === null) {
      throw fail('game.archive_image_invalid');
    }
    return sha256;
  }

  return {
    /**
     * Records a new version of the member's slot, in one transaction:
     * - the same state file as the slot's newest version, or a retry of a save already recorded
     *   (same file, same base), answers that version;
     * - a newest version other than `base_version` is a conflict unless `overwrite`;
     * - the slot's pointer moves with a conditional update from the newest version read, so a
     *   concurrent save that got there first turns this one into a conflict too;
     * - versions beyond ARCHIVE_HISTORY are deleted (their files stay in the store, which is
     *   content-addressed and shared).
     */
    async save(userId: number, input: SaveInput): Promise<ArchiveVersion> {
      const state = await stateFile(userId, input.state_sha256, input.archive_md5);
      const imageSha256 = await screenshot(userId, input.image_sha256);
      const romMd5 = input.rom_md5.toLowerCase();
      const game = {
        gameUid: input.game_uid ?? null,
        gameName: input.game_name,
        iconImage: input.icon_image,
        now: clock(),
      };
      return db.transaction().execute(async (trx) => {
        const slot = await repo.ensureSlot(trx, { userId, romMd5, slot: input.slot, ...game });
        const versions = await repo.versions(trx, slot.id);
        const latest = versions.find((v) => v.id === slot.latest_version_id) ?? null;
        if (latest && latest.archive_md5 === state.md5) return present(latest);
        const retried = versions.find(
          (v) => v.archive_md5 === state.md5 && v.base_version_id === input.base_version,
        );
        if (retried) return present(retried);
        // An empty slot (new, or emptied on another device) loses nothing when written.
        if (latest && latest.id !== input.base_version && !input.overwrite) throw conflict(latest);

        const id = await repo.insertVersion(trx, {
          slotId: slot.id,
          stateSha256: input.state_sha256,
          imageSha256,
          archiveMd5: state.md5,
          bytes: state.size,
          coreName: input.core_name,
          deviceId: input.device_id,
          baseVersionId: input.base_version,
          accessKey: randomBytes(16).toString('base64url'),
          now: game.now,
        });
        if (!(await repo.moveLatest(trx, slot.id, latest?.id ?? null, id, game))) {
          // Another device saved between our read and our write: answer its version.
          const moved = await repo.ownSlot(trx, userId, slot.id);
          const newer = moved?.latest_version_id
            ? await repo.version(trx, moved.latest_version_id)
            : undefined;
          if (newer) throw conflict(newer);
          throw notFound();
        }
        const kept = [id, ...versions.map((v) => v.id)];
        await repo.deleteVersions(trx, slot.id, kept.slice(ARCHIVE_HISTORY));
        const saved = await repo.version(trx, id);
        if (!saved) throw new Error(`archive version ${id} vanished in its own transaction`);
        return present(saved);
      });
    },

    /** The member's archives grouped by ROM, most recently saved game first, slots in order. */
    async list(userId: number, romMd5: string | undefined) {
      const rows = await repo.listSlots(db, userId, romMd5?.toLowerCase());
      const games = new Map<
        string,
        {
          game_uid: string | null;
          game_name: string;
          rom_md5: string;
          icon_image: string;
          latest: number;
          latestAt: number;
          slots: ReturnType<typeof slotOf>[];
        }
      >();
      for (const row of rows) {
        const savedAt = Number(row.version_created_at);
        let game = games.get(row.rom_md5);
        if (!game) {
          game = {
            game_uid: row.game_uid,
            game_name: row.game_name,
            rom_md5: row.rom_md5,
            icon_image: row.icon_image,
            latest: row.version_id,
            latestAt: savedAt,
            slots: [],
          };
          games.set(row.rom_md5, game);
        }
        // The game's name and cover as the most recent save of any of its slots gave them.
        if (savedAt > game.latestAt || (savedAt === game.latestAt && row.version_id > game.latest)) {
          Object.assign(game, {
            game_uid: row.game_uid,
            game_name: row.game_name,
            icon_image: row.icon_image,
            latest: row.version_id,
            latestAt: savedAt,
          });
        }
        game.slots.push(slotOf(row));
      }
      const list = [...games.values()]
        .sort((a, b) => b.latestAt - a.latestAt || b.latest - a.latest)
        .map(({ latest: _latest, latestAt: _latestAt, ...game }) => game);
      return { list };
    },

    async history(userId: number, slotId: number): Promise<{ list: ArchiveVersion[] }> {
      const slot = await repo.ownSlot(db, userId, slotId);
      if (!slot) throw notFound();
      return { list: (await repo.versions(db, slot.id)).map(present) };
    },

    /**
     * Deletes the member's slot with its history, or one version of it. Deleting the newest
     * version makes the one before it the newest (a device whose base was the deleted one then
     * gets a conflict, as it should); deleting the last version deletes the slot.
     */
    async remove(userId: number, slotId: number, versionId: number | undefined) {
      return db.transaction().execute(async (trx) => {
        const slot = await repo.ownSlot(trx, userId, slotId);
        if (!slot) throw notFound();
        const versions = await repo.versions(trx, slot.id);
        if (versionId === undefined) {
          await repo.deleteSlot(trx, slot.id);
          return { id: slot.id, deleted_versions: versions.length, slot_deleted: true };
        }
        if (!versions.some((v) => v.id === versionId)) throw notFound();
        const rest = versions.filter((v) => v.id !== versionId);
        if (rest.length === 0) {
          await repo.deleteSlot(trx, slot.id);
          return { id: slot.id, deleted_versions: 1, slot_deleted: true };
        }
        if (slot.latest_version_id === versionId) {
          // Conditional like a save, so a save racing this delete is not silently undone.
          const moved = await repo.moveLatest(trx, slot.id, versionId, rest[0]!.id, null);
          if (!moved) throw notFound();
        }
        await repo.deleteVersions(trx, slot.id, [versionId]);
        return { id: slot.id, deleted_versions: 1, slot_deleted: false };
      });
    },

    /** A version's state file (or screenshot) by the id and key of its address; null unless both match. */
    async findDownload(id: number, key: string, part: 'state' | 'image'): Promise<ArchiveFile | null> {
      const row = await repo.downloadable(db, id);
      if (!row || !sameKey(row.access_key, key)) return null;
      const sha256 = part === 'image' ? row.image_sha256 : row.state_sha256;
      if (!sha256) return null;
      const size = await store.size(sha256);
      if (size === null) return null;
      const stem = `${row.rom_md5}-slot${row.slot}-v${row.id}`;
      if (part === 'state') {
        const name = `${stem}.state`;
        return {
          sha256,
          size,
          mime: OCTET_STREAM,
          name,
          image: false,
          read: (range) => store.read(sha256, range),
        };
      }
      // Screenshots were re-encoded by upload/file; anything else is served as bytes, never run.
      const upload = await repo.upload(db, sha256);
      const image = upload?.picture === 1;
      const mime = image ? upload.mime : OCTET_STREAM;
      return {
        sha256,
        size,
        mime,
        name: `${stem}.${image ? mime.slice('image/'.length) : 'bin'}`,
        image,
        read: (range) => store.read(sha256, range),
      };
    },
  };
}
export type ArchivesService = ReturnType<typeof archivesService>;

function slotOf(row: Awaited<ReturnType<typeof repo.listSlots>>[number]) {
  return {
    id: row.id,
    version_id: row.version_id,
    slot: row.slot,
    archive_img_text: row.image_sha256 ? downloadUrl(row.version_id, row.access_key, 'image') : null,
    last_update_time: Number(row.version_created_at),
    add_time: Number(row.created_at),
    archive_path_text: downloadUrl(row.version_id, row.access_key, 'state'),
    core_name: row.core_name,
    archive_md5: row.archive_md5,
    bytes: Number(row.bytes),
    device_id: row.device_id,
  };
}
