/**
 * Keeps the server under test and the load generator on cores of their own.
 *
 * Unpinned on a 2-core machine, Linux's wake-up placement keeps moving autocannon (woken by every
 * answer) onto the server's core, where it preempts the server in the middle of its `writev`: a
 * CPU profile of `get/user` charged 59–70 µs of a 150–216 µs request to `writev` unpinned, 26 µs
 * pinned, and the same build answered 6,400 req/s unpinned against 11,200 pinned. The floor
 * (bare `node:http`) is pinned the same way, so the ratios compare like with like
 * (bench/README.md). `BENCH_PIN=0` turns pinning off; it is off by itself on a 1-core machine or
 * without `taskset` (util-linux).
 */
import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

function tasksetWorks(): boolean {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export const PINNED = process.env.BENCH_PIN !== '0' && availableParallelism() >= 2 && tasksetWorks();

/** The server's core. */
const SERVER_CPU = '0';
/** The load generator's core: this process, and the autocannon it runs. */
const LOAD_CPU = '1';

/** `spawn` arguments that start `command args` on the server's core when pinning is on. */
export function onServerCore(command: string, args: string[]): [string, string[]] {
  return PINNED ? ['taskset', ['-c', SERVER_CPU, command, ...args]] : [command, args];
}

/** Moves this process (the load generator) onto its own core, and says which mode the run is in. */
export function pinLoadGenerator(): string {
  if (!PINNED) return 'server and load generator unpinned';
  // -a: every thread of this process (libuv's pool, V8's helpers), not only the main one.
  execFileSync('taskset', ['-a', '-cp', LOAD_CPU, String(process.pid)], { stdio: 'ignore' });
  return `server pinned to CPU ${SERVER_CPU}, load generator to CPU ${LOAD_CPU} (BENCH_PIN=0 to unpin)`;
}
