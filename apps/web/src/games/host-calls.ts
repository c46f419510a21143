import { host } from '../host';
import type {
  ArchiveDownloadRequest,
  ArchiveListChanged,
  ArchiveListRequest,
  ArchiveListResult,
  ArchiveProgress,
  ArchiveSlotRef,
  ArchiveStartRequest,
  ArchiveUploadRequest,
  ArchiveUploadResult,
  ClearDownloadsRequest,
  DownloadProgress,
  DownloadRef,
  GameRomInfoRequest,
  GameRomList,
  GameRomListRequest,
  ImportGamesRequest,
  ImportGamesResult,
  ImportProgress,
  LocalArchiveSlot,
  LocalGame,
  LocalGames,
  LocalGamesRequest,
  RemoveLocalGamesRequest,
  StartDownloadRequest,
  StartGameRequest,
} from '../host/game-protocol';

/**
 * The game calls of the host (docs/product/calls-and-host.md#host-calls), typed. Every screen goes through these, never `host.call` with a
 * string, so a native shell and the web host are interchangeable. A failed call has already shown
 * its toast (the bridge does) and rejects with a HostCallError.
 */
export const gameHost = {
  start: (request: StartDownloadRequest) => host.call<LocalGame>('start', request),
  pause: (ref: DownloadRef) => host.call<LocalGame>('pause', ref),
  resume: (ref: DownloadRef) => host.call<LocalGame>('resume', ref),
  cancel: (ref: DownloadRef) => host.call<void>('cancel', ref),
  remove: (ref: DownloadRef) => host.call<void>('remove', ref),
  clear: (request: ClearDownloadsRequest = {}) => host.call<{ removed: number }>('clear', request),
  romList: (request: GameRomListRequest) => host.call<GameRomList>('getGameRomList', request),
  romInfo: (request: GameRomInfoRequest) =>
    host.call<LocalGame | null>('getGameRomInfo', request, { silent: true }),

  importGames: (request: ImportGamesRequest = { action: 'pick' }) =>
    host.call<ImportGamesResult>('importGames', request),
  localGames: (request: LocalGamesRequest = {}) => host.call<LocalGames>('getLocalGames', request),
  removeLocalGames: (request: RemoveLocalGamesRequest) =>
    host.call<{ removed: number }>('removeLocalGames', request),

  startGame: (request: StartGameRequest) => host.call<{ started: true }>('startGame', request),

  archiveStart: (request: ArchiveStartRequest) => host.call<{ started: true }>('archiveStart', request),
  archiveList: (request: ArchiveListRequest = {}) => host.call<ArchiveListResult>('archiveList', request),
  archiveUpload: (request: ArchiveUploadRequest) => host.call<ArchiveUploadResult>('archiveUpload', request),
  archiveDownload: (request: ArchiveDownloadRequest) =>
    host.call<LocalArchiveSlot>('archiveDownload', request),
  archiveRemove: (ref: ArchiveSlotRef) => host.call<void>('archiveRemove', ref),
};

/** The host's pushes, typed; each returns its unsubscribe function. */
export const gameHostPushes = {
  onDownloadProgress: (listener: (progress: DownloadProgress) => void) =>
    host.on<DownloadProgress>('progress', listener),
  onImportProgress: (listener: (progress: ImportProgress) => void) =>
    host.on<ImportProgress>('importProgress', listener),
  onArchiveProgress: (listener: (progress: ArchiveProgress) => void) =>
    host.on<ArchiveProgress>('archiveProgress', listener),
  onArchiveListChanged: (listener: (change: ArchiveListChanged) => void) =>
    host.on<ArchiveListChanged>('archiveList', listener),
};
