/** Response codes of the main API (`/api`): docs/product/limits-and-errors.md#response-codes. */
export const MainCode = {
  Success: 1,
  Fail: 0,
  Expired: 10001,
  NotEnoughGold: 1003,
} as const;
export type MainCode = (typeof MainCode)[keyof typeof MainCode];

/** Response codes of the game service (`/game-api`): docs/product/limits-and-errors.md#response-codes. */
export const GameCode = {
  Success: 1,
  Fail: 0,
  Expired: 1001,
  NotEnoughGold: 1003,
} as const;
export type GameCode = (typeof GameCode)[keyof typeof GameCode];

export type ApiBase = 'api' | 'game' | 'upload';

/** The code meaning "token missing, expired or revoked" on each base. */
export function expiredCodeFor(base: ApiBase): number {
  return base === 'game' ? GameCode.Expired : MainCode.Expired;
}

export function isExpiredCode(code: number): boolean {
  return code === MainCode.Expired || code === GameCode.Expired;
}

/** "Not enough gold": the same code in both code sets, so a client treats it alike on every base. */
export function isNotEnoughGoldCode(code: number): boolean {
  return code === MainCode.NotEnoughGold || code === GameCode.NotEnoughGold;
}
