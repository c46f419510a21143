import type { Game } from '@pixelhall/contract';
import type { ImportedGame, LocalGame, StartGameRequest } from '@pixelhall/contract/host';

/** What to play: a catalogue game (its download), a download, or an imported ROM; optionally loading a local slot. */
export type PlayTarget = ({ game: Game } | { local: LocalGame } | { imported: ImportedGame }) & {
  slot?: number;
};

/** The outcome of the play rules (docs/product/games-library-and-player.md#playing-a-game): a message, or the game to start. */
export type PlayPlan =
  | {
      kind: 'message';
      key: 'game.download_first' | 'game.downloading_wait' | 'game.not_downloaded';
      fail: boolean;
    }
  | { kind: 'start'; request: StartGameRequest };

const fromLocal = (local: LocalGame): Omit<StartGameRequest, 'slot'> => ({
  romMd5: local.romMd5,
  gameId: local.gameId,
  gameName: local.gameName,
  coverImage: local.coverImage,
  emuName: local.emuName,
  coreName: local.coreName,
});

const fromImported = (rom: ImportedGame): Omit<StartGameRequest, 'slot'> => ({
  romMd5: rom.romMd5,
  gameId: rom.gameId,
  gameName: rom.gameName,
  coverImage: rom.coverImage,
  emuName: rom.emuName,
  coreName: rom.coreName,
});

/**
 * docs/product/games-library-and-player.md#playing-a-game: a catalogue game plays its finished download (or an imported copy of the same ROM);
 * one still downloading says to wait; otherwise "download first" — or, when a saved slot was to be
 * loaded, "you have not downloaded this game rom".
 */
export function planPlay(
  target: PlayTarget,
  found: { local: LocalGame | null; imported: ImportedGame | null } = { local: null, imported: null },
): PlayPlan {
  const slot = target.slot === undefined ? {} : { slot: target.slot };
  if ('imported' in target) return { kind: 'start', request: { ...fromImported(target.imported), ...slot } };
  const local = 'local' in target ? target.local : found.local;
  if (local?.status === 'downloaded') return { kind: 'start', request: { ...fromLocal(local), ...slot } };
  if (found.imported) return { kind: 'start', request: { ...fromImported(found.imported), ...slot } };
  if (target.slot !== undefined) return { kind: 'message', key: 'game.not_downloaded', fail: true };
  if (local && local.status !== 'failed')
    return { kind: 'message', key: 'game.downloading_wait', fail: false };
  return { kind: 'message', key: 'game.download_first', fail: false };
}
