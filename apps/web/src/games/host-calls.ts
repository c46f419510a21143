import type { HostPayload, HostPushData } from '@pixelhall/contract/host';
import { host } from '../host';

/**
 * The game calls of the host protocol (`@pixelhall/contract/host`,
 * docs/product/calls-and-host.md#host-calls), by what they do. Every screen goes through these,
 * never `host.call` with a string, so a native shell and the web host are interchangeable. A
 * failed call has already shown its toast (the bridge does) and rejects with a HostCallError.
 */
export const gameHost = {
  start: (request: HostPayload<'start'>) => host.call('start', request),
  pause: (ref: HostPayload<'pause'>) => host.call('pause', ref),
  resume: (ref: HostPayload<'resume'>) => host.call('resume', ref),
  cancel: (ref: HostPayload<'cancel'>) => host.call('cancel', ref),
  remove: (ref: HostPayload<'remove'>) => host.call('remove', ref),
  clear: (request: HostPayload<'clear'> = {}) => host.call('clear', request),
  romList: (request: HostPayload<'getGameRomList'>) => host.call('getGameRomList', request),
  romInfo: (request: HostPayload<'getGameRomInfo'>) => host.call('getGameRomInfo', request, { silent: true }),

  importGames: (request: HostPayload<'importGames'> = { action: 'pick' }) =>
    host.call('importGames', request),
  localGames: (request: HostPayload<'getLocalGames'> = {}) => host.call('getLocalGames', request),
  removeLocalGames: (request: HostPayload<'removeLocalGames'>) => host.call('removeLocalGames', request),

  startGame: (request: HostPayload<'startGame'>) => host.call('startGame', request),

  archiveStart: (request: HostPayload<'archiveStart'>) => host.call('archiveStart', request),
  archiveList: (request: HostPayload<'archiveList'> = {}) => host.call('archiveList', request),
  archiveUpload: (request: HostPayload<'archiveUpload'>) => host.call('archiveUpload', request),
  archiveDownload: (request: HostPayload<'archiveDownload'>) => host.call('archiveDownload', request),
  archiveRemove: (ref: HostPayload<'archiveRemove'>) => host.call('archiveRemove', ref),
};

/** The host's game pushes; each returns its unsubscribe function. */
export const gameHostPushes = {
  onDownloadProgress: (listener: (progress: HostPushData<'progress'>) => void) =>
    host.on('progress', listener),
  onImportProgress: (listener: (progress: HostPushData<'importProgress'>) => void) =>
    host.on('importProgress', listener),
  onArchiveProgress: (listener: (progress: HostPushData<'archiveProgress'>) => void) =>
    host.on('archiveProgress', listener),
  onArchiveListChanged: (listener: (change: HostPushData<'archiveList'>) => void) =>
    host.on('archiveList', listener),
};
