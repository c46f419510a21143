import type { ImportedGame, LocalGame } from '@pixelhall/contract/host';

/** One game the member can play on this device: a finished download or an imported ROM file. */
export type DeviceGame =
  | { key: string; source: 'downloaded'; gameId: number; romMd5: string; time: number; local: LocalGame }
  | {
      key: string;
      source: 'imported';
      gameId: number | null;
      romMd5: string;
      time: number;
      imported: ImportedGame;
    };

/**
 * /me/game: downloads that finished and imported ROMs in one list, newest first. A ROM that is
 * both downloaded and imported (same MD5, or the same catalogue game) shows once, as the download,
 * which plays without asking the browser for the member's folder.
 */
export function deviceGames(
  downloads: readonly LocalGame[],
  imported: readonly ImportedGame[],
): DeviceGame[] {
  const done = downloads.filter((g) => g.status === 'downloaded');
  const md5s = new Set(done.map((g) => g.romMd5.toLowerCase()));
  const ids = new Set(done.map((g) => g.gameId));
  const rows: DeviceGame[] = [
    ...done.map(
      (local): DeviceGame => ({
        key: `d${local.gameId}`,
        source: 'downloaded',
        gameId: local.gameId,
        romMd5: local.romMd5,
        time: local.updatedAt,
        local,
      }),
    ),
    ...imported
      .filter((rom) => !md5s.has(rom.romMd5.toLowerCase()) && !(rom.gameId !== null && ids.has(rom.gameId)))
      .map(
        (rom): DeviceGame => ({
          key: `i${rom.romMd5}`,
          source: 'imported',
          gameId: rom.gameId,
          romMd5: rom.romMd5,
          time: rom.importedAt,
          imported: rom,
        }),
      ),
  ];
  return rows.sort((a, b) => b.time - a.time);
}

/**
 * Whether a device game is one of the member's favourites (collection/collectList): by its
 * catalogue id, else by the ROM's MD5, so an imported copy of a favourite counts too.
 */
export function favouriteMatcher(favourites: readonly { game_id: number; rom_md5: string }[]) {
  const ids = new Set(favourites.map((f) => f.game_id));
  const md5s = new Set(favourites.map((f) => f.rom_md5.toLowerCase()));
  return (game: Pick<DeviceGame, 'gameId' | 'romMd5'>) =>
    (game.gameId !== null && ids.has(game.gameId)) || md5s.has(game.romMd5.toLowerCase());
}
