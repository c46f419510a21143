import type { RecentGame } from '../../state/recent-games';
import type { GameCardData } from '../../ui/games/card-data';

/** A recent game as a card: its chip names the platform when the emulator is known. */
export function recentCard(recent: RecentGame, platformOf: ReadonlyMap<string, string>): GameCardData {
  return {
    id: recent.gameId,
    name: recent.gameName,
    cover: recent.coverImage,
    emulator: platformOf.get(recent.emuName) ?? recent.emuName,
  };
}

export function recentKey(recent: Pick<RecentGame, 'gameId' | 'romMd5'>): string {
  return `${recent.gameId ?? 'rom'}:${recent.romMd5}`;
}
