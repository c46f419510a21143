import type { Game } from '@pixelhall/contract';
import { matchRoms } from '../../api/queries/games';
import { matchBatches } from './batches';

/**
 * Asks the catalogue which games these ROMs are (`game/romMatch`, by whole and headerless MD5).
 * Rejects when it cannot be asked (offline, server down): the caller keeps the ROMs unmatched.
 */
export async function matchAll(
  roms: { md5: string; headerless: string | null }[],
  timeoutMs?: number,
): Promise<Map<string, Game>> {
  const matches = new Map<string, Game>();
  for (const batch of matchBatches(roms)) {
    const { list } = await matchRoms(batch, timeoutMs);
    for (const { md5, game } of list) matches.set(md5, game);
  }
  return matches;
}
