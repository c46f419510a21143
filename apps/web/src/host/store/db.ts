import type { ImportedGame, LocalArchiveSlot, LocalGame } from '@pixelhall/contract/host';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/** A download's record: what the list shows, plus where its bytes are and how to fetch the rest. */
export interface DownloadRecord extends LocalGame {
  url: string;
  /** The file in the origin-private file system (`downloads/<romMd5>`). */
  opfsPath: string;
  /** The server's ETag for the file, sent as If-Range when the download resumes. */
  etag?: string | null;
}

/** An imported game, and where to read its bytes at play time. */
export interface ImportedRecord extends ImportedGame {
  /** The file's handle when the browser keeps one (storage `handle`); a zip entry keeps the zip's. */
  handle: FileSystemFileHandle | null;
  /** For a file inside a zip: its name in the archive. */
  zipEntry: string | null;
  /** storage `copy`: the file in the origin-private file system (`imports/<name>`). */
  opfsPath: string | null;
  /**
   * The catalogue could not be asked when it was imported (offline, server down): matched again
   * later. Absent on records imported before this field existed.
   */
  matchPending?: boolean;
}

/** The remembered ROM directory (docs/product/games-library-and-player.md#rom-import). */
export interface DirectoryRecord {
  id: 'roms';
  name: string;
  /** Null when it came from a directory file input (no handle to scan again). */
  handle: FileSystemDirectoryHandle | null;
  lastScanAt: number;
}

/**
 * What the last scan of the remembered directory hashed, by path inside it (id `roms-files`,
 * beside the directory's record so `getLocalGames` never reads it): a rescan hashes only the
 * files whose size or modification time changed.
 */
export interface ScanIndexRecord {
  id: 'roms-files';
  files: Record<string, ScannedFile>;
}

export interface ScannedFile {
  size: number;
  lastModified: number;
  /** The ROMs it holds: the file itself (entry null) or a zip's ROM entries; none for a zip without. */
  roms: { entry: string | null; md5: string; headerless: string | null; size: number }[];
}

/** A game that has local archives: what the archive screens show beside its slots. */
export interface ArchiveGameRecord {
  romMd5: string;
  gameId: number | null;
  gameName: string;
  coverImage: string;
  emuName: string;
  coreName: string;
  updatedAt: number;
}

/** One save-state slot with its bytes. */
export interface ArchiveSlotRecord extends Omit<LocalArchiveSlot, 'image'> {
  romMd5: string;
  state: Blob;
  /** A small JPEG screenshot. */
  image: Blob | null;
}

/** A game's battery save (its in-game save RAM), kept between sessions. */
export interface BatteryRecord {
  romMd5: string;
  data: Blob;
  time: number;
}

interface HostDb extends DBSchema {
  downloads: { key: number; value: DownloadRecord; indexes: { byRomMd5: string; byAddedAt: number } };
  imported: { key: string; value: ImportedRecord; indexes: { byImportedAt: number } };
  directories: { key: string; value: DirectoryRecord | ScanIndexRecord };
  archiveGames: { key: string; value: ArchiveGameRecord };
  archiveSlots: { key: [string, number]; value: ArchiveSlotRecord; indexes: { byRomMd5: string } };
  battery: { key: string; value: BatteryRecord };
}

export type HostDatabase = IDBPDatabase<HostDb>;

/**
 * The web host's IndexedDB: one database for downloads, imports, the ROM directory and save
 * archives, so a schema change is one version bump here rather than several databases racing.
 */
const DB_NAME = 'pixelhall-host';
const DB_VERSION = 1;

let opening: Promise<HostDatabase> | null = null;

export function hostDb(): Promise<HostDatabase> {
  opening ??= openDB<HostDb>(DB_NAME, DB_VERSION, {
    upgrade(db) {
      const downloads = db.createObjectStore('downloads', { keyPath: 'gameId' });
      downloads.createIndex('byRomMd5', 'romMd5');
      downloads.createIndex('byAddedAt', 'addedAt');
      const imported = db.createObjectStore('imported', { keyPath: 'romMd5' });
      imported.createIndex('byImportedAt', 'importedAt');
      db.createObjectStore('directories', { keyPath: 'id' });
      db.createObjectStore('archiveGames', { keyPath: 'romMd5' });
      const slots = db.createObjectStore('archiveSlots', { keyPath: ['romMd5', 'slot'] });
      slots.createIndex('byRomMd5', 'romMd5');
      db.createObjectStore('battery', { keyPath: 'romMd5' });
    },
    // Another tab opened a newer version: let it, and reopen on the next call.
    blocking() {
      void opening?.then((db) => db.close());
      opening = null;
    },
  });
  return opening;
}
