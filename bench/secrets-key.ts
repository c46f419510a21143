import { randomBytes } from 'node:crypto';

/**
 * A production-mode server without SECRETS_KEY warns on its log, which the benchmarks read for
 * the server's port: each run gives its servers a key of its own.
 */
export const BENCH_SECRETS_KEY = randomBytes(32).toString('hex');
