import { hostDb } from '../store/db';
import { matchAll } from './match';
import { settleMatches } from './rematch';

/** After a failed try, the next waits this long: `getLocalGames` runs often. */
const RETRY_MS = 60_000;
/** The list waits for this re-match, so it must not hang on a dead server. */
const TIMEOUT_MS = 5_000;

let settled = false;
let lastTry = Number.NEGATIVE_INFINITY;
/** The try under way: calls meanwhile wait for it rather than answer with the old names. */
let running: Promise<void> | null = null;

/** An import could not ask the catalogue: the next `getLocalGames` tries again. */
export function rematchLater(): void {
  settled = false;
  lastTry = Number.NEGATIVE_INFINITY;
}

/**
 * Matches the games whose import could not reach the catalogue, once per app start when there
 * are any (and again a minute after a failed try). Called before `getLocalGames` answers, so the
 * list the member sees already has their names.
 */
export function rematchPending(): Promise<void> {
  if (running) return running;
  if (settled || performance.now() - lastTry < RETRY_MS) return Promise.resolve();
  lastTry = performance.now();
  running = attempt().finally(() => {
    running = null;
  });
  return running;
}

async function attempt(): Promise<void> {
  const db = await hostDb();
  const pending = (await db.getAll('imported')).filter((r) => r.matchPending);
  if (pending.length === 0) {
    settled = true;
    return;
  }
  let matches: Awaited<ReturnType<typeof matchAll>>;
  try {
    matches = await matchAll(
      pending.map((r) => ({ md5: r.romMd5, headerless: r.romMd5Headerless })),
      TIMEOUT_MS,
    );
  } catch (err) {
    console.warn('Matching imported games failed again', err);
    return;
  }
  // Read again: an import may have changed or forgotten some meanwhile.
  const tx = db.transaction('imported', 'readwrite');
  const fresh = await Promise.all(pending.map((r) => tx.store.get(r.romMd5)));
  for (const record of settleMatches(
    fresh.filter((r) => r !== undefined),
    matches,
  ))
    await tx.store.put(record);
  await tx.done;
  settled = true;
}
