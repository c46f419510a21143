/**
 * CPU time spent by processes, from /proc: the feeds benchmark divides it by the requests answered
 * to print what one request costs the server and, on PostgreSQL, the database's backends. Unlike
 * req/s this hardly moves with how busy the machine's other work keeps its cores.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** `getconf CLK_TCK` on Linux: the unit of utime and stime in /proc/<pid>/stat. */
const TICKS_PER_SECOND = 100;

function ticksOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command's closing parenthesis; utime and stime are the 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0; // gone meanwhile (a backend that ended)
  }
}

/** PostgreSQL's processes on this machine: the cluster the benchmark talks to runs here. */
function postgresPids(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') pids.push(Number(entry));
    } catch {}
  }
  return pids;
}

/** Milliseconds of CPU used so far by `pid` and, when asked, by every PostgreSQL process. */
export function cpuMs(pid: number, withPostgres: boolean): { server: number; postgres: number } {
  const postgres = withPostgres ? postgresPids().reduce((sum, p) => sum + ticksOf(p), 0) : 0;
  return { server: (ticksOf(pid) * 1000) / TICKS_PER_SECOND, postgres: (postgres * 1000) / TICKS_PER_SECOND };
}
