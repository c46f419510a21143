import { describe, expect, it } from 'vitest';
import { addRecentGame, RECENT_GAMES_MAX, type RecentGame } from './recent-games';

const game = (gameId: number | null, romMd5: string, playedAt = 1): RecentGame => ({
  gameId,
  romMd5,
  gameName: `Game ${gameId ?? romMd5}`,
  coverImage: '',
  emuName: 'nes',
  coreName: 'fceumm',
  playedAt,
});

describe('addRecentGame', () => {
  it('puts the game just started in front', () => {
    const list = addRecentGame([game(1, 'a'), game(2, 'b')], game(3, 'c'));
    expect(list.map((g) => g.gameId)).toEqual([3, 1, 2]);
  });

  it('moves a game played again to the front, once, with its newest details', () => {
    const list = addRecentGame([game(1, 'a'), game(2, 'b', 5)], game(2, 'b', 9));
    expect(list.map((g) => [g.gameId, g.playedAt])).toEqual([
      [2, 9],
      [1, 1],
    ]);
  });

  it('tells games apart by gameId plus romMd5: the same ROM imported and downloaded are two entries', () => {
    const list = addRecentGame([game(1, 'a')], game(null, 'a'));
    expect(list).toHaveLength(2);
  });

  it(`keeps the newest ${RECENT_GAMES_MAX}`, () => {
    const full = Array.from({ length: RECENT_GAMES_MAX }, (_, i) => game(i, `m${i}`));
    const list = addRecentGame(full, game(99, 'new'));
    expect(list).toHaveLength(RECENT_GAMES_MAX);
    expect(list[0]?.gameId).toBe(99);
    expect(list.some((g) => g.gameId === RECENT_GAMES_MAX - 1)).toBe(false);
  });
});
