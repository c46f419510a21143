// The boundary table: every rule about which module may import which, for the whole repository.
// `npm run lint` and `npm test` run it (docs/internals/boundaries.md says how to read and extend it).
// Paths are resolved files relative to the repository root, so `../games/GameCard` written in
// `ui/posts/` is `apps/web/src/ui/games/GameCard.tsx`, not the `games/` layer.

const web = 'apps/web/src';
const server = 'apps/server/src';
const TESTS = '\\.test\\.tsx?$';

// The web app's layers, lowest first; each may import its own and the ones listed before it.
const WEB_LAYERS = [
  { name: 'foundation', path: `^${web}/(core|i18n|state|theme)/`, label: 'core/, i18n/, state/ and theme/' },
  { name: 'api', path: `^${web}/api/`, label: 'api/' },
  { name: 'ui', path: `^${web}/ui/`, label: 'ui/' },
  { name: 'host', path: `^${web}/host/`, label: 'host/' },
  { name: 'games', path: `^${web}/games/`, label: 'games/' },
  { name: 'screens', path: `^${web}/screens/`, label: 'screens/' },
  { name: 'shell', path: `^${web}/shell/`, label: 'shell/' },
];

const webLayerRules = WEB_LAYERS.slice(0, -1).map((layer, index) => {
  const above = WEB_LAYERS.slice(index + 1);
  return {
    name: `web-${layer.name}-imports-downward`,
    comment:
      `${layer.label} imports none of ${above.map((a) => a.label).join(', ')}: the web app's layers ` +
      'import only downward, so a lower layer never needs what a screen or the shell holds; what it ' +
      'needs from above is handed down at start-up (shell/connect-layers.ts). Tests may set up any layer.',
    severity: 'error',
    from: { path: layer.path, pathNot: TESTS },
    to: { path: above.map((a) => a.path) },
  };
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment:
        'No module takes part in an import cycle at run time: a cycle makes the order modules start in ' +
        'depend on who imported first, and lets two layers or two features grow into one. A dynamic ' +
        'import() counts (lazy loading is no way around a cycle); type-only imports do not, since they ' +
        'are gone at run time.',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },

    {
      name: 'contract-stands-alone',
      comment:
        'The contract is shared by the server, the web app and a native shell: it imports zod and itself ' +
        'only, never an app, a node built-in or another package, so either side can take it whole. ' +
        'Its tests and scripts may use node and vitest.',
      severity: 'error',
      from: { path: '^packages/contract/src/', pathNot: TESTS },
      to: { pathNot: ['^packages/contract/src/', '^node_modules/zod/'] },
    },
    {
      name: 'apps-stay-apart',
      comment:
        'The server and the web app share only the contract: the web app importing server code would ' +
        'ship it to the browser, and the server importing the web app would tie a deployment to its build.',
      severity: 'error',
      from: { path: '^apps/(server|web)/' },
      to: { path: '^apps/(server|web)/', pathNot: '^apps/$1/' },
    },

    // The server: http/, db/, shared/ and the settings below the features, the features above them,
    // the app's wiring on top.
    {
      name: 'server-feature-through-public',
      comment:
        "A feature uses another only through that feature's public.ts, whatever the path says " +
        '(../x/repo or ../../features/x/repo alike): the rest of a feature is its own to change, and ' +
        'public.ts is the short list of what others rely on.',
      severity: 'error',
      from: { path: `^${server}/features/([^/]+)/` },
      to: {
        path: `^${server}/features/[^/]+/`,
        pathNot: [`^${server}/features/$1/`, `^${server}/features/[^/]+/public\\.ts$`],
      },
    },
    {
      name: 'server-features-below-wiring',
      comment:
        'Features sit below the app’s wiring (app.ts, services.ts, boot.ts, main.ts, health.ts, jobs/, ' +
        'ops/, seed/): the wiring builds each feature once and hands it what it needs, so a feature ' +
        'importing it would build the app twice or reach around its own service.',
      severity: 'error',
      from: { path: `^${server}/features/` },
      to: { path: `^${server}/(app|services|boot|main|health)\\.ts$|^${server}/(jobs|ops|seed)/` },
    },
    {
      name: 'server-foundation-below-features',
      comment:
        'http/, db/, shared/, engines/, product-text/, config.ts and i18n.ts are what every feature ' +
        'builds on: they import no feature and none of the wiring, so a change in a feature never ' +
        'reaches the pipeline or the database layer.',
      severity: 'error',
      from: { path: `^${server}/(http|db|shared|engines|product-text)/|^${server}/(config|i18n)\\.ts$` },
      to: {
        path: `^${server}/(features|jobs|ops|seed)/|^${server}/(app|services|boot|main|health)\\.ts$`,
      },
    },

    // The web app.
    ...webLayerRules,
    {
      name: 'web-screens-apart',
      comment:
        'A screen never imports another screen: a part two screens show lives in ui/ (or lower), where ' +
        'any screen may take it and where it is found; reaching into another screen ties the two ' +
        'together and makes one screen’s chunk load the other’s code.',
      severity: 'error',
      from: { path: `^${web}/screens/([^/]+)/`, pathNot: TESTS },
      to: { path: `^${web}/screens/`, pathNot: `^${web}/screens/$1/` },
    },
    {
      name: 'web-ui-by-file',
      comment:
        'ui/ is imported file by file (ui/posts/PostCard.tsx), never as a folder through an index: a ' +
        'barrel makes every screen that needs one component load the whole folder, and hides where ' +
        'the component lives.',
      severity: 'error',
      from: {},
      to: { path: [`^${web}/ui/index\\.[cm]?[jt]sx?$`, `^${web}/ui/.*/index\\.[cm]?[jt]sx?$`] },
    },
    {
      name: 'web-ui-no-folder-import',
      comment:
        'An import naming a folder of ui/ (../ui/posts) is a barrel import waiting for its index: name ' +
        'the component’s file instead.',
      severity: 'error',
      from: { path: `^${web}/` },
      to: { couldNotResolve: true, path: ['(^|/)ui$', '(^|/)ui/[^/.]+$'] },
    },
  ],

  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    // Type-only imports are recorded (as `type-only`), so the layer rules see them too; the cycle
    // rule leaves them out.
    tsPreCompilationDeps: true,
    // The settings every package extends. It has no `paths`: the workspaces resolve through
    // node_modules and their packages' `exports`.
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
    },
    skipAnalysisNotInRules: true,
  },
};
