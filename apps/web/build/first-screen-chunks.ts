import { existsSync, readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * The first screen's code, in four files rather than dozens: a phone on a slow network pays
 * its headers and a request round per file. Each part is a module's static imports and theirs,
 * minus what an earlier part holds, so no file carries code its moment does not run:
 * - `entry`: what src/main.tsx imports, kept small: it sends the first screen's calls and starts
 *   every other part's download (src/shell/early-start.ts);
 * - `boot`: the query cache, i18next and the first screen's queries (src/shell/boot.ts);
 * - `app`: the frame, router and React that src/shell/start-app.tsx renders;
 * - `home`: Home's screen, feeds and the components they use.
 * Everything else keeps the bundler's own splitting.
 */
const PARTS = [
  { name: 'entry', root: '/src/main.tsx' },
  { name: 'boot', root: '/src/shell/boot.ts' },
  { name: 'app', root: '/src/shell/start-app.tsx' },
  { name: 'home', root: '/src/screens/home/HomeScreen.tsx' },
] as const;

interface ModuleNode {
  importedIds: readonly string[];
  exports?: readonly string[];
}
type ModuleGraph = (id: string) => ModuleNode | null;

/**
 * Zod and the contract's schemas stay with the bundler's splitting: a module that only needs a
 * constant beside a schema would otherwise carry every schema and zod into its part, where the
 * bundler's tree-shaking leaves them to the screens that validate.
 */
const LEFT_TO_THE_BUNDLER = /[\\/]node_modules[\\/]zod[\\/]|[\\/]contract[\\/]src[\\/]api[\\/]/;

/**
 * Packages imported through an index that only re-exports: following all of the index's imports
 * would pull every component and schema of the package into the first screen. Through these,
 * a part takes only the modules that export the names its modules import.
 */
const BARRELS: Record<string, string> = {
  'antd-mobile': '/antd-mobile/es/index.js',
  'antd-mobile-icons': '/antd-mobile-icons/es/index.js',
  '@pixelhall/contract': '/contract/src/index.ts',
};

/** The names a module's source imports or re-exports from a package (types excluded). */
function importedNames(source: string, specifier: string): string[] {
  const names: string[] = [];
  const from = specifier.replace(/[/@.-]/g, '\\$&');
  const statement = new RegExp(
    `(?:import|export)\\s+(type\\s+)?\\{([^}]*)\\}\\s*from\\s*['"]${from}['"]`,
    'g',
  );
  for (const [, typeOnly, list] of source.matchAll(statement)) {
    if (typeOnly) continue;
    for (const item of list!.split(',')) {
      const name = item.trim();
      if (name && !name.startsWith('type ')) names.push(name.split(/\s+as\s+/)[0]!);
    }
  }
  return names;
}

/** Where each name a barrel re-exports comes from: `export { a as b } from` and `export * from`. */
function barrelTargets(barrel: string, source: string, graph: ModuleGraph): Map<string, string> {
  const imported = graph(barrel)?.importedIds ?? [];
  const target = (path: string) =>
    imported.find((id) =>
      id
        .replace(/\.(js|ts)$/, '')
        .replace(/\/index$/, '')
        .endsWith(path.replace(/^\.\/?/, '/').replace(/\.js$/, '')),
    );
  const targets = new Map<string, string>();
  for (const [, list, path] of source.matchAll(/export\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)) {
    const id = target(path!);
    if (!id) continue;
    for (const item of list!.split(',')) {
      const exported = item
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (exported) targets.set(exported, id);
    }
  }
  for (const [, path] of source.matchAll(/export\s*\*\s*from\s*['"]([^'"]+)['"]/g)) {
    const id = target(path!);
    for (const name of (id && graph(id)?.exports) ?? []) if (!targets.has(name)) targets.set(name, id!);
  }
  return targets;
}

/** Each module id's part, from the static-import closures of the parts' roots, in order. */
export function firstScreenParts(
  ids: Iterable<string>,
  graph: ModuleGraph,
  read: (id: string) => string,
): Map<string, string> {
  const all = [...ids];
  const barrels = Object.entries(BARRELS).flatMap(([specifier, suffix]) => {
    const id = all.find((candidate) => candidate.endsWith(suffix));
    return id ? [{ specifier, id, targets: barrelTargets(id, read(id), graph) }] : [];
  });
  const partOf = new Map<string, string>();
  for (const { name, root } of PARTS) {
    const start = all.find((id) => id.endsWith(root));
    if (!start) throw new Error(`first-screen chunks: ${root} is not in the build`);
    const pending = [start];
    while (pending.length > 0) {
      const id = pending.pop()!;
      if (partOf.has(id) || LEFT_TO_THE_BUNDLER.test(id)) continue;
      const barrel = barrels.find((candidate) => candidate.id === id);
      // A barrel's own side effects (antd-mobile's global styles) run wherever it is imported.
      if (barrel) {
        const reexported = new Set(barrel.targets.values());
        pending.push(...(graph(id)?.importedIds ?? []).filter((imported) => !reexported.has(imported)));
        continue;
      }
      partOf.set(id, name);
      const imports = graph(id)?.importedIds ?? [];
      const via = barrels.filter((candidate) => imports.includes(candidate.id));
      if (via.length > 0) {
        const source = read(id);
        for (const { specifier, targets } of via) {
          for (const imported of importedNames(source, specifier)) {
            const target = targets.get(imported);
            if (target) pending.push(target);
          }
        }
      }
      // A barrel itself is passed through above, for its side effects.
      pending.push(...imports);
    }
  }
  return partOf;
}

/** Groups the first screen's modules into its parts' chunks once the module graph is known. */
export function firstScreenChunks(): Plugin {
  let partOf = new Map<string, string>();
  return {
    name: 'pixelhall-first-screen-chunks',
    apply: 'build',
    buildEnd() {
      partOf = firstScreenParts(
        this.getModuleIds(),
        (id) => this.getModuleInfo(id),
        (id) => (existsSync(id) ? readFileSync(id, 'utf8') : ''),
      );
    },
    outputOptions(options) {
      return {
        ...options,
        codeSplitting: {
          groups: PARTS.map(({ name }, index) => ({
            name,
            test: (id: string) => partOf.get(id) === name,
            // The entry's part first: a module it shares with the others stays with it.
            priority: PARTS.length - index,
            // The parts are closed over imports already; the bundler's own closure would follow
            // the barrels and the schemas the parts leave out.
            includeDependenciesRecursively: false,
          })),
        },
      };
    },
  };
}
