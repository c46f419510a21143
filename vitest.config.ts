import { defineConfig } from 'vitest/config';
import { catalogParts } from './apps/web/build/catalog-parts';
import { routeTablePlugin } from './apps/web/build/route-table';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * One runner, several projects: pure contract tests, API tests on SQLite (and, when
 * TEST_DATABASE_URL is set, on PostgreSQL and across a cluster of two servers), web unit tests,
 * and browser journeys in e2e/.
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] } },
      {
        // Runs the command in a copy of the code it writes into, then lints and compiles the copy.
        test: { name: 'new-feature', root: 'scripts/new-feature', include: ['*.test.ts'] },
      },
      {
        test: {
          name: 'server-sqlite',
          root: 'apps/server',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          env: { TEST_DB_ENGINE: 'sqlite' },
          // Real Argon2 hashing and real child processes: slow on a loaded 2-core machine, not stuck.
          testTimeout: 20_000,
        },
      },
      ...(onPostgres
        ? [
            {
              test: {
                name: 'server-postgres',
                root: 'apps/server',
                include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
                env: { TEST_DB_ENGINE: 'postgres' },
                testTimeout: 20_000,
              },
            },
            {
              test: {
                // Two real server processes on PostgreSQL, redis-server and an S3-compatible
                // server (apps/server/test/cluster/support.ts): a first start seeds a whole world.
                name: 'cluster',
                root: 'apps/server',
                include: ['test/cluster/**/*.cluster.ts'],
                testTimeout: 60_000,
                hookTimeout: 180_000,
              },
            },
          ]
        : []),
      {
        // As the build does: the catalogs load in two parts, and the route table is made from the contract.
        plugins: [catalogParts(), routeTablePlugin()],
        test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'] },
      },
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['**/*.e2e.ts'],
          globalSetup: ['./setup/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // A journey polls for the state it means; a loaded machine may take seconds to reach it.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
