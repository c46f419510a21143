import { execFile } from 'node:child_process';
import { appendFileSync, chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freeLoopbackPort } from './ports';

const run = promisify(execFile);

export interface PostgresCluster {
  /** The `postgres` database of the cluster, as a DATABASE_URL. */
  url: string;
  /** `pg_ctl stop -m <mode>`, waiting until the server is gone: `immediate` is a crash. */
  stop(mode: 'fast' | 'immediate'): Promise<void>;
  /** Starts the stopped server again on the same port, waiting until it accepts connections. */
  start(): Promise<void>;
  /** Stops the server and deletes its files. */
  destroy(): Promise<void>;
}

/**
 * A PostgreSQL server of its own on a loopback port, for a test that stops and starts it: the
 * shared TEST_DATABASE_URL server stays up for the other test files. Made as scripts/pg-cluster.sh
 * makes one (initdb refuses to run as root, so as the `postgres` user then).
 */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = postgresBinaries();
  const asRoot = process.getuid?.() === 0;
  const asOwner = (command: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args])
      : run(path.join(bin, command), args);
  const dir = mkdtempSync(path.join(tmpdir(), 'pixelhall-pg-'));
  chmodSync(dir, 0o755);
  if (asRoot) await run('chown', ['postgres:', dir]);
  const data = path.join(dir, 'data');
  const port = await freeLoopbackPort();
  await asOwner('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  // In the configuration file rather than on pg_ctl's command line, so a restart keeps them.
  appendFileSync(
    path.join(data, 'postgresql.conf'),
    [
      "listen_addresses = '127.0.0.1'",
      `port = ${port}`,
      `unix_socket_directories = '${dir}'`,
      // An immediate stop loses WAL not yet written out: with asynchronous commits a post the
      // server already answered for would vanish. fsync stays off: the OS itself never crashes here.
      'fsync = off',
      'synchronous_commit = on',
      'full_page_writes = off',
      '',
    ].join('\n'),
  );
  const pgCtl = (...args: string[]) => asOwner('pg_ctl', ['-D', data, '-w', '-t', '60', ...args]);
  const start = async () => {
    await pgCtl('-l', path.join(dir, 'server.log'), 'start');
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    async stop(mode) {
      await pgCtl('-m', mode, 'stop');
    },
    async destroy() {
      await pgCtl('-m', 'immediate', 'stop').catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function postgresBinaries(): string {
  const root = '/usr/lib/postgresql';
  const versions = readdirSync(root).sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  if (!newest) throw new Error('PostgreSQL is not installed (Debian package postgresql)');
  return path.join(root, newest, 'bin');
}
