import type { ImportedGame, LocalGame } from '@pixelhall/contract/host';
import type { RecentGame } from '../../state/recent-games';

/**
 * What a recent game plays from. A ROM imported from the member's directory wins (it was
 * played that way even when it matched a catalogue game); then a finished download of the
 * catalogue game; else the catalogue game itself, which tells the member to download it (or
 * to wait for its download). An imported ROM the device no longer has cannot play.
 */
export type RecentPlay =
  | { kind: 'imported'; imported: ImportedGame }
  | { kind: 'local'; local: LocalGame }
  | { kind: 'catalogue'; gameId: number }
  | { kind: 'missing' };

export function recentPlay(
  recent: Pick<RecentGame, 'gameId' | 'romMd5'>,
  imported: readonly ImportedGame[],
  downloads: readonly LocalGame[],
): RecentPlay {
  const file = imported.find((g) => g.romMd5 === recent.romMd5);
  if (file) return { kind: 'imported', imported: file };
  if (recent.gameId == null) return { kind: 'missing' };
  const local = downloads.find((g) => g.gameId === recent.gameId && g.status === 'downloaded');
  if (local) return { kind: 'local', local };
  return { kind: 'catalogue', gameId: recent.gameId };
}
