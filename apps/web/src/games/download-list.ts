import type { DataOf, Game } from '@pixelhall/contract';
import type { DownloadProgress, LocalGame } from '@pixelhall/contract/host';
import type { routes } from '@pixelhall/contract/routes';

/** An emulator of `home/conditionOpt` (docs/product/games-library-and-player.md#catalogue). */
export type EmulatorOption = DataOf<typeof routes.games.conditionOpt>['emulator_type'][number];

/** A push only carries the moving parts; merging it keeps the rest of the entry. */
export function mergeProgress(game: LocalGame, progress: DownloadProgress, now = Date.now()): LocalGame {
  return { ...game, ...progress, updatedAt: now };
}

/** Newest first, as the host lists them. */
export function newestFirst(games: Record<number, LocalGame>): LocalGame[] {
  return Object.values(games).sort((a, b) => b.addedAt - a.addedAt);
}

/** The EmulatorJS core of a game's emulator (conditionOpt's emulator_type list), or null. */
export function coreNameFor(
  game: Pick<Game, 'emulator_type'>,
  emulators: readonly EmulatorOption[],
): string | null {
  return emulators.find((e) => e.emulator_uid === game.emulator_type)?.core_name ?? null;
}
