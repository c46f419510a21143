/**
 * The payloads, replies and pushes of the game calls of the host (docs/product/calls-and-host.md#host-calls): downloads,
 * ROM import, play and save archives. The web host and a native shell answer them alike; the app
 * reaches them only through `games/host-calls.ts`.
 */

/**
 * docs/product/games-library-and-player.md#download-states: not-started → downloading → paused (speed reset to 0) → resumed back to
 * not-started (queued) → downloading …, until downloaded; failed when the network or the storage
 * gives up (resume retries it). Removed entries leave the list.
 */
export type DownloadStatus = 'not-started' | 'downloading' | 'paused' | 'downloaded' | 'failed';

/** docs/product/games-library-and-player.md#downloads: a catalogue game downloaded (or downloading) on this device. */
export interface LocalGame {
  gameId: number;
  romMd5: string;
  /** The emulator_uid that plays it. */
  emuName: string;
  /** The EmulatorJS core (the emulator's core_name). */
  coreName: string;
  gameName: string;
  coverImage: string;
  fileName: string;
  /** Total bytes of the ROM. */
  size: number;
  receivedBytes: number;
  status: DownloadStatus;
  /** Bytes per second over the last moments; 0 unless downloading. */
  speedBytes: number;
  /** 0 … 100. */
  progress: number;
  /** Why the last attempt failed, for a failed entry. */
  error: string | null;
  addedAt: number;
  updatedAt: number;
}

/** `start`: what the app learned from `download/game` and `game/detail`. */
export interface StartDownloadRequest {
  gameId: number;
  romMd5: string;
  emuName: string;
  coreName: string;
  gameName: string;
  coverImage: string;
  /** The address `download/game` answered (below the server root; fetched with Range). */
  url: string;
  fileName: string;
  size: number;
}

/** `pause`, `resume`, `cancel`, `remove`: one game of the download list. */
export interface DownloadRef {
  gameId: number;
}

/** `clear`: empties the downloading list (cancelling), the downloaded list (deleting), or both. */
export interface ClearDownloadsRequest {
  status?: 'downloading' | 'downloaded';
}

/** The `progress` push, on every change of a download (and at most a few times a second). */
export interface DownloadProgress {
  gameId: number;
  romMd5: string;
  status: DownloadStatus;
  speedBytes: number;
  progress: number;
  receivedBytes: number;
  size: number;
  error: string | null;
}

/** `getGameRomList`: the download list, newest first. */
export interface GameRomListRequest {
  offset: number;
  limit: number;
  status?: 'downloading' | 'downloaded';
}
export interface GameRomList {
  list: LocalGame[];
  total: number;
}

/** `getGameRomInfo`: one game of the download list, or null. */
export type GameRomInfoRequest = { gameId: number } | { romMd5: string };

/**
 * docs/product/games-library-and-player.md#rom-import: a ROM file found in the member's ROM directory. The cover is
 * the emulator's `icon_url_text`; a file that matches a catalogue game carries its id and name.
 */
export interface ImportedGame {
  romMd5: string;
  /** MD5 without the platform header, where the platform has one (NES: the iNES header). */
  romMd5Headerless: string | null;
  emuName: string;
  coreName: string;
  /** The catalogue name when matched, else the file name without its extension. */
  gameName: string;
  coverImage: string;
  fileName: string;
  /** Path inside the chosen directory; a file inside a zip reads `pack.zip/inner.nes`. */
  path: string;
  size: number;
  /** The catalogue game its MD5 matched, if any. */
  gameId: number | null;
  importedAt: number;
  /**
   * `handle`: read from the member's directory at play time (nothing copied); `copy`: the
   * browser could not keep a handle (a directory file input), so the bytes live in the
   * origin-private file system.
   */
  storage: 'handle' | 'copy';
}

/**
 * `importGames`: `pick` opens the directory picker (or a directory file input where there is
 * none) and must be called from a tap; `rescan` scans the remembered directory again; `cancel`
 * stops an import under way (what was hashed so far is kept).
 */
export interface ImportGamesRequest {
  action?: 'pick' | 'rescan' | 'cancel';
}
export interface ImportGamesResult {
  directoryName: string;
  /** ROM files found (by extension, also inside zip archives). */
  found: number;
  /** New games remembered by this import. */
  imported: number;
  /** Of the files found, those that matched a catalogue game. */
  matched: number;
  /** Files whose MD5 was already imported. */
  duplicates: number;
  cancelled: boolean;
}

/** The `importProgress` push, several times a second while an import runs. */
export interface ImportProgress {
  phase: 'scanning' | 'hashing' | 'matching' | 'done' | 'cancelled' | 'failed';
  files: number;
  totalFiles: number;
  bytes: number;
  totalBytes: number;
  bytesPerSecond: number;
  /** null while unknown (scanning, or too early to tell). */
  secondsLeft: number | null;
  current: string | null;
}

/** `getLocalGames`: the imported games, newest first, and the remembered ROM directory. */
export interface LocalGamesRequest {
  offset?: number;
  limit?: number;
}
export interface LocalGames {
  list: ImportedGame[];
  total: number;
  directory: { name: string; lastScanAt: number; canRescan: boolean } | null;
}

/** `removeLocalGames`: forgets imported games (never deletes the member's files). */
export interface RemoveLocalGamesRequest {
  romMd5s: string[];
}

/** `startGame`: plays a downloaded or imported ROM; resolves once the emulator runs. */
export interface StartGameRequest {
  romMd5: string;
  gameId: number | null;
  gameName: string;
  coverImage: string;
  emuName: string;
  coreName: string;
  /** Load this local archive slot once the game runs. */
  slot?: number;
}

/** One save-state slot on this device (docs/product/archives-and-saves.md#local-saves). */
export interface LocalArchiveSlot {
  slot: number;
  path: string;
  bytes: number;
  fileName: string;
  coreName: string;
  time: number;
  /** MD5 of the state file. */
  md5: string;
  /** A small JPEG screenshot as a data: URL, if one was taken. */
  image: string | null;
  /** The cloud slot and version this state was uploaded as or downloaded from (conflict base). */
  cloudSlotId: number | null;
  cloudVersionId: number | null;
}

/** docs/product/archives-and-saves.md#local-saves: a game's slots on this device, and its battery save if it has one. */
export interface LocalArchive {
  gameId: number | null;
  romMd5: string;
  gameName: string;
  coverImage: string;
  emuName: string;
  coreName: string;
  slots: LocalArchiveSlot[];
  battery: { bytes: number; time: number } | null;
}

/** `archiveList`: every game with local archives (or one ROM's). */
export interface ArchiveListRequest {
  romMd5?: string;
}
export interface ArchiveListResult {
  list: LocalArchive[];
}

/** `archiveStart`: starts the game and loads the slot. */
export interface ArchiveStartRequest {
  romMd5: string;
  slot: number;
}

/** `archiveRemove`: deletes one local slot. */
export interface ArchiveSlotRef {
  romMd5: string;
  slot: number;
}

/**
 * `archiveUpload`: sends a local slot to the cloud. When another device saved the cloud slot
 * since this one last saw it, nothing is saved and the answer carries the newer cloud version;
 * the app asks the member and calls again with `overwrite: true` to keep the local state.
 */
export interface ArchiveUploadRequest extends ArchiveSlotRef {
  overwrite?: boolean;
}
export type ArchiveUploadResult =
  | { status: 'uploaded'; cloudSlotId: number; cloudVersionId: number }
  | {
      status: 'conflict';
      cloud: { cloudSlotId: number; cloudVersionId: number; time: number; deviceId: string; bytes: number };
    };

/** `archiveDownload`: brings a cloud slot (its newest version, or `versionId`) into a local slot. */
export interface ArchiveDownloadRequest {
  romMd5: string;
  slot: number;
  cloudSlotId: number;
  versionId?: number;
}

/** The `archiveProgress` push while an archive goes to or comes from the cloud. */
export interface ArchiveProgress {
  romMd5: string;
  slot: number;
  direction: 'upload' | 'download';
  status: 'running' | 'done' | 'failed';
  /** 0 … 100. */
  progress: number;
}

/** The `archiveList` push: the local archives of this ROM changed (saved, loaded from cloud, removed). */
export interface ArchiveListChanged {
  romMd5: string;
}
