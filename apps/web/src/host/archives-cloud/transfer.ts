import type { ArchiveVersion } from '@pixelhall/contract';
import type {
  ArchiveDownloadRequest,
  ArchiveProgress,
  ArchiveUploadRequest,
  ArchiveUploadResult,
  LocalArchiveSlot,
} from '@pixelhall/contract/host';
import { routes } from '@pixelhall/contract/routes';
import { md5 } from 'hash-wasm';
import { startBigUpload } from '../../api/big-upload';
import { ApiError, request, upload } from '../../api/client';
import { baseUrl } from '../../api/config';
import { emitAppEvent } from '../../core/events';
import i18n from '../../i18n';
import { useSession } from '../../state/session';
import type { ArchiveGameRecord, ArchiveSlotRecord } from '../store/db';
import { hostDb } from '../store/db';
import type { HostWiring } from '../web-games';
import { conflictResult, conflictVersion, iconForSave, uploadProgress } from './cloud-answer';
import { deviceId } from './device-id';
import { forgetTransferToken, transferToken } from './request-token';

type Push = HostWiring['push'];

/** The host answers with its own messages (the bridge toasts them), so the API stays quiet. */
const quiet = { successToast: false, failToast: false } as const;

function requireSignIn(): void {
  if (!useSession.getState().token) throw new Error(i18n.t('errors.not_logged_in'));
}

/** A thrown API error already carries the server's translated message; others get "Load failed". */
function messageOf(err: unknown): string {
  if (err instanceof ApiError && err.message && err.kind !== 'aborted') return err.message;
  if (err instanceof Error && !(err instanceof ApiError) && err.message) return err.message;
  return i18n.t('errors.load_failed');
}

/**
 * Reports one transfer: `archiveProgress` pushes (at most one per whole percent) and the
 * app-wide "syncing archive" event around it, so every screen showing the game can mark it.
 */
function transferReporter(push: Push, base: Pick<ArchiveProgress, 'romMd5' | 'slot' | 'direction'>) {
  let last = -1;
  const report = (status: ArchiveProgress['status'], progress: number) => {
    if (status === 'running' && progress === last) return;
    last = progress;
    push('archiveProgress', { ...base, status, progress } satisfies ArchiveProgress);
  };
  emitAppEvent('syncingArchive', { gameId: base.romMd5, syncing: true });
  report('running', 0);
  return {
    running: (progress: number) => report('running', progress),
    end(status: 'done' | 'failed') {
      report(status, status === 'done' ? 100 : Math.max(last, 0));
      emitAppEvent('syncingArchive', { gameId: base.romMd5, syncing: false });
    },
  };
}

async function localSlot(romMd5: string, slot: number) {
  const db = await hostDb();
  const [record, game] = await Promise.all([
    db.get('archiveSlots', [romMd5, slot]),
    db.get('archiveGames', romMd5),
  ]);
  if (!record || !game) throw new Error(i18n.t('archivesUi.slotMissing', { slot }));
  return { record, game };
}

/** The catalogue game's uid, for the cloud list; a game the catalogue lost is saved without it. */
async function gameUid(gameId: number | null): Promise<string | null> {
  if (gameId === null) return null;
  try {
    return (await request(routes.games.gameDetail, { id: gameId }, quiet)).game_uid;
  } catch {
    return null;
  }
}

async function blobMd5(blob: Blob): Promise<string> {
  return md5(new Uint8Array(await blob.arrayBuffer()));
}

/**
 * `archiveUpload`: the state file through tus, the screenshot through `upload/file`, then
 * `archive/saveArchive` based on the cloud version this slot last saw. A newer version from
 * another device comes back as a conflict (nothing saved, no toast) unless `overwrite`.
 */
export async function uploadArchive(input: ArchiveUploadRequest, push: Push): Promise<ArchiveUploadResult> {
  requireSignIn();
  const { romMd5, slot } = input;
  const { record, game } = await localSlot(romMd5, slot);
  const progress = transferReporter(push, { romMd5, slot, direction: 'upload' });
  try {
    const bearer = await transferToken();
    const archiveMd5 = await blobMd5(record.state);
    const stateFile = new File([record.state], `${romMd5}-slot${slot}.state`, {
      type: 'application/octet-stream',
      lastModified: record.time,
    });
    const state = await startBigUpload(
      stateFile,
      (sent, total) => progress.running(uploadProgress('state', total ? sent / total : 0)),
      bearer,
    ).done;
    let imageSha256: string | null = null;
    if (record.image) {
      const type = record.image.type || 'image/jpeg';
      const image = new File([record.image], `${romMd5}-slot${slot}.${type.split('/')[1] ?? 'jpg'}`, {
        type,
      });
      const stored = await upload(
        routes.uploads.uploadFile,
        { file: image, app: 'post_images' },
        {
          ...quiet,
          bearer,
          loading: false,
          onProgress: (sent, total) => progress.running(uploadProgress('image', total ? sent / total : 0)),
        },
      );
      imageSha256 = stored.sha256;
    }
    progress.running(uploadProgress('save', 0));
    let saved: ArchiveVersion;
    try {
      saved = await request(
        routes.archives.saveArchive,
        {
          rom_md5: romMd5,
          slot,
          game_uid: await gameUid(game.gameId),
          game_name: game.gameName,
          icon_image: iconForSave(game.coverImage),
          core_name: record.coreName || game.coreName,
          state_sha256: state.sha256,
          image_sha256: imageSha256,
          archive_md5: archiveMd5,
          device_id: deviceId(),
          base_version: record.cloudVersionId,
          overwrite: input.overwrite ?? false,
        },
        { ...quiet, bearer },
      );
    } catch (err) {
      const newer = conflictVersion(err);
      if (!newer) throw err;
      progress.end('failed');
      return conflictResult(newer);
    }
    await rememberCloud(romMd5, slot, archiveMd5, saved);
    push('archiveList', { romMd5 });
    progress.end('done');
    return { status: 'uploaded', cloudSlotId: saved.id, cloudVersionId: saved.version_id };
  } catch (err) {
    progress.end('failed');
    if (err instanceof ApiError && err.kind === 'expired') forgetTransferToken();
    throw new Error(messageOf(err));
  }
}

/** Marks the local slot as this cloud version, unless the game saved over it meanwhile. */
async function rememberCloud(romMd5: string, slot: number, archiveMd5: string, saved: ArchiveVersion) {
  const db = await hostDb();
  const read = await db.get('archiveSlots', [romMd5, slot]);
  // Hashed outside the write: an IndexedDB transaction ends when it waits on anything else.
  if (!read || (await blobMd5(read.state)) !== archiveMd5) return;
  const tx = db.transaction('archiveSlots', 'readwrite');
  const current = await tx.store.get([romMd5, slot]);
  if (current && current.time === read.time && current.bytes === read.bytes) {
    await tx.store.put({
      ...current,
      md5: archiveMd5,
      cloudSlotId: saved.id,
      cloudVersionId: saved.version_id,
    });
  }
  await tx.done;
}

/** A cloud version as `archiveList` and `archive/history` give it. */
interface CloudVersion {
  id: number;
  version_id: number;
  archive_md5: string;
  bytes: number;
  core_name: string;
  archive_path_text: string;
  archive_img_text: string | null;
  time: number;
}

async function findCloudVersion(input: ArchiveDownloadRequest) {
  const games = (await request(routes.archives.archiveList, { rom_md5: input.romMd5 }, quiet)).list;
  const cloudGame = games.find((g) => g.rom_md5 === input.romMd5.toLowerCase()) ?? null;
  let version: CloudVersion | undefined;
  if (input.versionId === undefined) {
    const s = cloudGame?.slots.find((s) => s.id === input.cloudSlotId);
    if (s) version = { ...s, time: s.last_update_time };
  } else {
    const history = await request(routes.archives.archiveHistory, { id: input.cloudSlotId }, quiet);
    const v = history.list.find((v) => v.version_id === input.versionId);
    if (v) version = { ...v, time: v.add_time };
  }
  if (!version) throw new Error(i18n.t('game.archive_not_found'));
  return { version, cloudGame };
}

/** The upload host's address of a cloud file (the answers give server-rooted paths). */
function cloudFileUrl(path: string): string {
  return new URL(path, new URL(baseUrl('upload'), window.location.href)).toString();
}

/** GETs a private cloud file, reporting how much has arrived. */
async function fetchCloudFile(path: string, onProgress?: (received: number, total: number) => void) {
  let response: Response;
  try {
    response = await fetch(cloudFileUrl(path), { cache: 'no-store' });
  } catch {
    throw new Error(i18n.t('errors.load_failed'));
  }
  if (response.status === 404) throw new Error(i18n.t('game.archive_not_found'));
  if (!response.ok || !response.body) throw new Error(i18n.t('errors.load_failed'));
  const total = Number(response.headers.get('content-length')) || 0;
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value as Uint8Array<ArrayBuffer>);
    received += value.byteLength;
    onProgress?.(received, total);
  }
  return new Blob(chunks, { type });
}

/** The game record a downloaded slot needs when this device has no archives of the ROM yet. */
async function newGameRecord(
  romMd5: string,
  cloudGame: { game_name: string; icon_image: string } | null,
  coreName: string,
): Promise<ArchiveGameRecord> {
  const [matched, conditions] = await Promise.all([
    request(routes.games.romMatch, { md5: [romMd5] }, quiet).catch(() => null),
    request(routes.games.conditionOpt, {}, quiet).catch(() => null),
  ]);
  const game = matched?.list[0]?.game ?? null;
  const emulator = conditions?.emulator_type.find((e) =>
    game ? e.emulator_uid === game.emulator_type : e.core_name === coreName,
  );
  return {
    romMd5,
    gameId: game?.id ?? null,
    gameName: game?.game_name ?? cloudGame?.game_name ?? romMd5,
    coverImage: game?.icon_image ?? cloudGame?.icon_image ?? emulator?.icon_url_text ?? '',
    emuName: game?.emulator_type ?? emulator?.emulator_uid ?? '',
    coreName: emulator?.core_name ?? coreName,
    updatedAt: Date.now(),
  };
}

function dataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

/**
 * `archiveDownload`: a cloud slot's newest version (or `versionId` of its history) into local
 * slot `slot`, checked against its MD5 before anything local is replaced.
 */
export async function downloadArchive(input: ArchiveDownloadRequest, push: Push): Promise<LocalArchiveSlot> {
  requireSignIn();
  const romMd5 = input.romMd5.toLowerCase();
  const { slot } = input;
  const progress = transferReporter(push, { romMd5, slot, direction: 'download' });
  try {
    const { version, cloudGame } = await findCloudVersion({ ...input, romMd5 });
    const state = await fetchCloudFile(version.archive_path_text, (received, total) =>
      progress.running(Math.round(Math.min(received / (total || version.bytes || 1), 1) * 90)),
    );
    const stateMd5 = await blobMd5(state);
    if (stateMd5 !== version.archive_md5.toLowerCase()) throw new Error(i18n.t('game.archive_md5_mismatch'));
    // A missing screenshot costs the picture, not the save.
    const image = version.archive_img_text
      ? await fetchCloudFile(version.archive_img_text).catch(() => null)
      : null;
    progress.running(95);

    const db = await hostDb();
    const existing = await db.get('archiveGames', romMd5);
    const game = existing
      ? { ...existing, updatedAt: Date.now() }
      : await newGameRecord(romMd5, cloudGame, version.core_name);
    const previous = await db.get('archiveSlots', [romMd5, slot]);
    // Named as the player names the slots it saves (host/player/archive-store.ts).
    const record: ArchiveSlotRecord = {
      romMd5,
      slot,
      path: previous?.path ?? `archives/${romMd5}/${slot}`,
      fileName: previous?.fileName ?? `${romMd5}.state${slot}`,
      bytes: state.size,
      coreName: version.core_name || game.coreName,
      time: version.time,
      md5: stateMd5,
      state,
      image,
      cloudSlotId: version.id,
      cloudVersionId: version.version_id,
    };
    const tx = db.transaction(['archiveGames', 'archiveSlots'], 'readwrite');
    await Promise.all([
      tx.objectStore('archiveGames').put(game),
      tx.objectStore('archiveSlots').put(record),
      tx.done,
    ]);
    push('archiveList', { romMd5 });
    progress.end('done');
    const { state: _state, romMd5: _rom, image: _image, ...slotFields } = record;
    return { ...slotFields, image: image ? await dataUrl(image) : null };
  } catch (err) {
    progress.end('failed');
    throw new Error(messageOf(err));
  }
}
