import type { Game } from '@pixelhall/contract';

/**
 * What a game card shows. Catalogue games pass their contract `Game`; downloaded, imported and
 * recent games (which may have no catalogue id) pass this light shape.
 */
export interface GameCardData {
  /** The catalogue id: the card links to /rom/<id>. Null or absent: no catalogue page. */
  id?: number | null;
  name: string;
  cover: string;
  /** A platform or emulator name for the chip (NES, Game Boy …). */
  emulator?: string;
  /** A lowercase genre word from the catalogue; translated when known. */
  genre?: string;
}

export type GameCardInput = Game | GameCardData;

function isCatalogueGame(game: GameCardInput): game is Game {
  return 'game_name' in game;
}

/** One shape for both inputs. */
export function cardData(game: GameCardInput): GameCardData {
  if (!isCatalogueGame(game)) return game;
  return {
    id: game.id,
    name: game.game_name,
    cover: game.icon_image,
    emulator: game.platform || game.emulator_type,
    genre: game.genre,
  };
}

/** The catalogue page of a game, when it has one. */
export function romPath(id: number | null | undefined): string | null {
  return id != null && id > 0 ? `/rom/${id}` : null;
}
