import type { LocalArchive, LocalArchiveSlot, StartGameRequest } from '@pixelhall/contract/host';
import type { ArchiveGameRecord, ArchiveSlotRecord, BatteryRecord, HostDatabase } from '../store/db';

/** Save states live in numbered slots 1–9 (docs/product/archives-and-saves.md#local-saves). */
export const SLOT_COUNT = 9;

export function isSlot(slot: unknown): slot is number {
  return typeof slot === 'number' && Number.isInteger(slot) && slot >= 1 && slot <= SLOT_COUNT;
}

/** The game a state belongs to, as the archive screens show it. */
export type ArchiveGame = Pick<
  StartGameRequest,
  'romMd5' | 'gameId' | 'gameName' | 'coverImage' | 'emuName' | 'coreName'
>;

export function gameRecord(game: ArchiveGame, now: number): ArchiveGameRecord {
  return {
    romMd5: game.romMd5,
    gameId: game.gameId,
    gameName: game.gameName,
    coverImage: game.coverImage,
    emuName: game.emuName,
    coreName: game.coreName,
    updatedAt: now,
  };
}

/**
 * A slot saved over: the new state, keeping the cloud slot and version it was last synced with
 * (the conflict base of an upload), which a new local save does not change.
 */
export function slotRecord(
  game: ArchiveGame,
  slot: number,
  saved: { state: Blob; md5: string; image: Blob | null; time: number },
  previous: ArchiveSlotRecord | undefined,
): ArchiveSlotRecord {
  return {
    romMd5: game.romMd5,
    slot,
    path: `archives/${game.romMd5}/${slot}`,
    bytes: saved.state.size,
    fileName: `${game.romMd5}.state${slot}`,
    coreName: game.coreName,
    time: saved.time,
    md5: saved.md5,
    state: saved.state,
    image: saved.image,
    cloudSlotId: previous?.cloudSlotId ?? null,
    cloudVersionId: previous?.cloudVersionId ?? null,
  };
}

/** The protocol's archive of one game: its slots by number and its battery save. */
export function toLocalArchive(
  game: ArchiveGameRecord,
  slots: readonly ArchiveSlotRecord[],
  images: ReadonlyMap<number, string | null>,
  battery: BatteryRecord | undefined,
): LocalArchive {
  return {
    gameId: game.gameId,
    romMd5: game.romMd5,
    gameName: game.gameName,
    coverImage: game.coverImage,
    emuName: game.emuName,
    coreName: game.coreName,
    slots: [...slots]
      .sort((a, b) => a.slot - b.slot)
      .map(
        (s): LocalArchiveSlot => ({
          slot: s.slot,
          path: s.path,
          bytes: s.bytes,
          fileName: s.fileName,
          coreName: s.coreName,
          time: s.time,
          md5: s.md5,
          image: images.get(s.slot) ?? null,
          cloudSlotId: s.cloudSlotId,
          cloudVersionId: s.cloudVersionId,
        }),
      ),
    battery: battery ? { bytes: battery.data.size, time: battery.time } : null,
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

/** Every game with local archives (or one ROM's), most recently saved first. */
export async function listArchives(db: HostDatabase, romMd5?: string): Promise<LocalArchive[]> {
  const games = romMd5
    ? [await db.get('archiveGames', romMd5)].filter((g): g is ArchiveGameRecord => !!g)
    : await db.getAll('archiveGames');
  const list: LocalArchive[] = [];
  for (const game of games.sort((a, b) => b.updatedAt - a.updatedAt)) {
    const slots = await db.getAllFromIndex('archiveSlots', 'byRomMd5', game.romMd5);
    const battery = await db.get('battery', game.romMd5);
    if (slots.length === 0 && !battery) continue;
    const images = new Map<number, string | null>();
    for (const s of slots) images.set(s.slot, s.image ? await dataUrl(s.image) : null);
    list.push(toLocalArchive(game, slots, images, battery));
  }
  return list;
}

/** Saves a slot (and the game it belongs to) in one transaction. */
export async function putSlot(
  db: HostDatabase,
  game: ArchiveGame,
  slot: number,
  saved: { state: Blob; md5: string; image: Blob | null; time: number },
): Promise<ArchiveSlotRecord> {
  const tx = db.transaction(['archiveGames', 'archiveSlots'], 'readwrite');
  const slots = tx.objectStore('archiveSlots');
  const record = slotRecord(game, slot, saved, await slots.get([game.romMd5, slot]));
  await Promise.all([
    slots.put(record),
    tx.objectStore('archiveGames').put(gameRecord(game, saved.time)),
    tx.done,
  ]);
  return record;
}

export function getSlot(
  db: HostDatabase,
  romMd5: string,
  slot: number,
): Promise<ArchiveSlotRecord | undefined> {
  return db.get('archiveSlots', [romMd5, slot]);
}

/** Deletes a slot; the game leaves the archive list with its last slot, unless it keeps a battery save. */
export async function deleteSlot(db: HostDatabase, romMd5: string, slot: number): Promise<void> {
  const tx = db.transaction(['archiveGames', 'archiveSlots', 'battery'], 'readwrite');
  const slots = tx.objectStore('archiveSlots');
  await slots.delete([romMd5, slot]);
  const left = await slots.index('byRomMd5').count(romMd5);
  if (left === 0 && !(await tx.objectStore('battery').get(romMd5))) {
    await tx.objectStore('archiveGames').delete(romMd5);
  }
  await tx.done;
}
