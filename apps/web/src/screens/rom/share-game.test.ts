import { describe, expect, it } from 'vitest';
import { gameLink } from './share-game';

describe('gameLink', () => {
  it("is the app's own address with the game's hash route", () => {
    expect(gameLink(42, { origin: 'https://pixelhall.example', pathname: '/app/' })).toBe(
      'https://pixelhall.example/app/#/rom/42',
    );
  });

  it('drops the current hash and query: the link opens the game, not the screen it was shared from', () => {
    expect(gameLink(7, { origin: 'http://localhost:5173', pathname: '/' })).toBe(
      'http://localhost:5173/#/rom/7',
    );
  });
});
