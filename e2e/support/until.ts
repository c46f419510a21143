import { expect } from 'vitest';

/**
 * Reads until `ok` holds for what was read, and answers that value: vitest's `expect.poll`,
 * which keeps no value of its own. The app, the server and the emulator all work
 * asynchronously, so a journey waits for the state it means, never for a fixed time.
 */
export async function until<T>(
  read: () => Promise<T>,
  ok: (value: T) => boolean,
  { timeout = 20_000, interval = 50, what }: { timeout?: number; interval?: number; what?: string } = {},
): Promise<T> {
  let last: T | undefined;
  try {
    const check = async () => {
      last = await read();
      return ok(last);
    };
    await expect.poll(check, { timeout, interval, message: what }).toBe(true);
  } catch (error) {
    const seen = JSON.stringify(last)?.slice(0, 300);
    throw new Error(`${what ?? 'never reached'}, last read: ${seen}`, { cause: error });
  }
  return last as T;
}

/**
 * Reads until two reads running are `same`, and answers the second: a state that holds still.
 * `apart` is the least time between them, the span over which it must not change.
 */
export async function untilStill<T>(
  read: () => Promise<T>,
  same: (before: T, after: T) => boolean,
  { apart, timeout = 20_000, what }: { apart: number; timeout?: number; what?: string },
): Promise<T> {
  let before: T | undefined;
  const { now } = await until(
    async () => {
      const previous = before;
      before = await read();
      return { previous, now: before };
    },
    ({ previous, now }) => previous !== undefined && same(previous, now),
    { timeout, interval: apart, what: what ?? 'a state that holds still' },
  );
  return now;
}
