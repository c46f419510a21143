/**
 * Password hashing cost: Argon2id as Pixelhall configures it (19 MiB, 2 passes) against Node's
 * scrypt at OWASP's equivalent setting (N=2^17, r=8, p=1), measured in the same run.
 *   npm run bench:passwords
 */
import { scryptSync } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { hashPassword, verifyPassword } from '@pixelhall/server/src/features/accounts/passwords';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);

async function time(fn: () => unknown | Promise<unknown>): Promise<number> {
  await fn(); // warm-up
  const start = performance.now();
  for (let i = 0; i < ROUNDS; i += 1) await fn();
  return (performance.now() - start) / ROUNDS;
}

const stored = await hashPassword('correct horse battery');
const argonHash = await time(() => hashPassword('correct horse battery'));
const argonVerify = await time(() => verifyPassword(stored, 'correct horse battery'));
const scrypt = await time(() =>
  scryptSync('correct horse battery', 'pixelhall-salt', 32, {
    N: 2 ** 17,
    r: 8,
    p: 1,
    maxmem: 256 * 1024 * 1024,
  }),
);

console.info(`password hashing, ${ROUNDS} rounds each (ms per operation; ratio to scrypt in the same run)`);
console.info(`argon2id hash    ${argonHash.toFixed(1)} ms  ×${(argonHash / scrypt).toFixed(2)}`);
console.info(`argon2id verify  ${argonVerify.toFixed(1)} ms  ×${(argonVerify / scrypt).toFixed(2)}`);
console.info(`scrypt baseline  ${scrypt.toFixed(1)} ms`);
console.info(`memory: rss ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`);
