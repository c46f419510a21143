import type { Game } from '@pixelhall/contract';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { cardData, romPath } from './card-data';
import { genreLabel } from './labels';

describe('game cards', () => {
  it('shows a catalogue game by its name, cover, platform and genre', () => {
    const game = {
      id: 3,
      game_name: 'Pixel Quest',
      icon_image: '/upload/covers/3.png',
      platform: 'NES',
      emulator_type: 'nes',
      genre: 'rpg',
    } as Game;
    expect(cardData(game)).toEqual({
      id: 3,
      name: 'Pixel Quest',
      cover: '/upload/covers/3.png',
      emulator: 'NES',
      genre: 'rpg',
    });
  });

  it('passes a light shape through', () => {
    const light = { id: null, name: 'my.nes', cover: '', emulator: 'NES' };
    expect(cardData(light)).toBe(light);
  });

  it('links only games with a catalogue id', () => {
    expect(romPath(12)).toBe('/rom/12');
    expect(romPath(null)).toBeNull();
    expect(romPath(undefined)).toBeNull();
    expect(romPath(0)).toBeNull();
  });

  it('translates known genres and shows an unknown one as it is', () => {
    const t = ((key: string) => `«${key}»`) as unknown as TFunction;
    expect(genreLabel(t, 'Puzzle')).toBe('«gamesUi.genres.puzzle»');
    expect(genreLabel(t, 'roguelike')).toBe('roguelike');
  });
});
