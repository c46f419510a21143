import type { Game } from '@pixelhall/contract';
import type { ImportedGame, LocalGame } from '@pixelhall/contract/host';

/**
 * What the download button of /rom/{id} offers, from the game's entry in the download list
 * (docs/product/games-library-and-player.md#download-states: not-started → downloading → paused → … → downloaded; failed retries).
 */
export type DownloadButtonState =
  | { kind: 'download' }
  | { kind: 'queued'; progress: number }
  | { kind: 'downloading'; progress: number; speedBytes: number }
  | { kind: 'paused'; progress: number }
  | { kind: 'failed'; progress: number; error: string | null }
  | { kind: 'downloaded' };

export function downloadButtonState(local: LocalGame | null): DownloadButtonState {
  if (!local) return { kind: 'download' };
  switch (local.status) {
    case 'not-started':
      return { kind: 'queued', progress: local.progress };
    case 'downloading':
      return { kind: 'downloading', progress: local.progress, speedBytes: local.speedBytes };
    case 'paused':
      return { kind: 'paused', progress: local.progress };
    case 'failed':
      return { kind: 'failed', progress: local.progress, error: local.error };
    case 'downloaded':
      return { kind: 'downloaded' };
  }
}

const same = (a: string | null | undefined, b: string | null | undefined) =>
  Boolean(a && b && a.toLowerCase() === b.toLowerCase());

/**
 * The member's imported ROM that is this catalogue game, if any. The import host matched it by
 * id when it could ask the server; the MD5s are compared too, so a file imported offline (no id)
 * still counts: the whole file, the headerless image (an NES ROM with another iNES header), or
 * a bare headerless dump.
 */
export function findImported(
  game: Pick<Game, 'id' | 'rom_md5' | 'rom_md5_headerless'>,
  imported: readonly ImportedGame[],
): ImportedGame | null {
  return (
    imported.find(
      (rom) =>
        rom.gameId === game.id ||
        same(rom.romMd5, game.rom_md5) ||
        same(rom.romMd5Headerless, game.rom_md5_headerless) ||
        same(rom.romMd5, game.rom_md5_headerless),
    ) ?? null
  );
}

/**
 * What Play starts: the downloaded ROM first, else the imported file; with neither (or while
 * downloading) the catalogue game, whose play tells the member to download it first.
 */
export type RomPlayTarget = { kind: 'game' } | { kind: 'imported'; imported: ImportedGame };

export function romPlayTarget(local: LocalGame | null, imported: ImportedGame | null): RomPlayTarget {
  if (local?.status === 'downloaded' || !imported) return { kind: 'game' };
  return { kind: 'imported', imported };
}
