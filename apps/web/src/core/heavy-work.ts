/**
 * Work that takes a phone's cores for seconds: a game starting and running, a ROM download, an
 * import. Background chores that can wait (the offline app's precache: about 280 files and two to
 * three seconds of CPU on a two-core phone) wait until none of it has run for a while, so they
 * never slow a game's start or drop its frames (docs/internals/service-worker.md#when-it-installs).
 */

let active = 0;
// The app's own start counts as busy: its first seconds belong to what the member does first.
let quietSince = Date.now();
const waiting = new Set<() => void>();

/** Marks heavy work as running until the returned release is called (once; later calls do nothing). */
export function holdHeavyWork(): () => void {
  active += 1;
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    active -= 1;
    quietSince = Date.now();
    for (const check of [...waiting]) check();
  };
}

/** Resolves once no heavy work has run for `quietMs` (measured from the app's start at least). */
export function afterHeavyWork(quietMs: number): Promise<void> {
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      clearTimeout(timer);
      if (active > 0) return; // a release checks again
      const left = quietSince + quietMs - Date.now();
      if (left > 0) {
        timer = setTimeout(check, left);
        return;
      }
      waiting.delete(check);
      resolve();
    };
    waiting.add(check);
    check();
  });
}
