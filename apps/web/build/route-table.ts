import { fileURLToPath } from 'node:url';
import { type Plugin, runnerImport } from 'vite';
import type { RouteTable } from '../../../packages/contract/src/routes';

const ROUTES_MODULE = '@pixelhall/contract/routes';
const ROUTES_ID = '\0pixelhall-routes';
const SOURCE = fileURLToPath(new URL('./route-table-source.ts', import.meta.url));

/**
 * The module the app gets for `@pixelhall/contract/routes`, and the contract files it was made
 * from. The contract is TypeScript, which Node cannot load: Vite's module runner reads it.
 */
export async function routesModule(): Promise<{ code: string; files: string[] }> {
  const { module, dependencies } = await runnerImport<{ table: RouteTable }>(SOURCE, { logLevel: 'silent' });
  return { code: `export const routes = ${JSON.stringify(module.table)};\n`, files: dependencies };
}

/**
 * `import { routes } from '@pixelhall/contract/routes'`: the contract's endpoint table without a
 * schema, made from the contract when the app is built, served or tested, so the app calls the API
 * without downloading zod and the contract's schemas, and the table never lags the contract.
 */
export function routeTablePlugin(): Plugin {
  let made: ReturnType<typeof routesModule> | null = null;
  return {
    name: 'pixelhall-route-table',
    // Before Vite's resolver, which would hand over the contract's module, a declaration only.
    enforce: 'pre',
    resolveId: (source) => (source === ROUTES_MODULE ? ROUTES_ID : null),
    async load(id) {
      if (id !== ROUTES_ID) return null;
      made ??= routesModule();
      const { code, files } = await made;
      // `vite` serves the table again when an endpoint changes.
      for (const file of files) this.addWatchFile(file);
      return code;
    },
    watchChange() {
      made = null;
    },
  };
}
