import type { BatteryRecord, HostDatabase } from '../store/db';
import { type ArchiveGame, gameRecord } from './archive-store';

/**
 * What to do with the core's battery file before it boots: restore the kept save, or remove
 * whatever EmulatorJS's own save folder still holds so that a game never starts from a save the
 * member chose not to keep (or deleted here).
 */
export function batteryBeforeBoot(
  keep: boolean,
  kept: Uint8Array | null,
): { action: 'write'; data: Uint8Array } | { action: 'remove' } {
  return keep && kept && kept.length > 0 ? { action: 'write', data: kept } : { action: 'remove' };
}

/** Whether the core's battery RAM differs from what was last kept (nothing new: no write). */
export function batteryChanged(last: Uint8Array | null, now: Uint8Array | null): boolean {
  if (!now || now.length === 0) return false;
  if (!last || last.length !== now.length) return true;
  for (let i = 0; i < now.length; i += 1) if (last[i] !== now[i]) return true;
  return false;
}

export async function readBattery(db: HostDatabase, romMd5: string): Promise<Uint8Array | null> {
  const record = await db.get('battery', romMd5);
  return record ? new Uint8Array(await record.data.arrayBuffer()) : null;
}

/** Keeps the battery save, and the game's entry so the archive list can show it. */
export async function writeBattery(
  db: HostDatabase,
  game: ArchiveGame,
  data: Uint8Array,
  now: number,
): Promise<void> {
  const tx = db.transaction(['battery', 'archiveGames'], 'readwrite');
  const record: BatteryRecord = { romMd5: game.romMd5, data: new Blob([data.slice()]), time: now };
  const games = tx.objectStore('archiveGames');
  const known = await games.get(game.romMd5);
  await Promise.all([
    tx.objectStore('battery').put(record),
    known ? null : games.put(gameRecord(game, now)),
    tx.done,
  ]);
}
