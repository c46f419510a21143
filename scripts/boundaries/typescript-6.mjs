// Loaded with `node --import` before dependency-cruiser. It parses TypeScript through the
// compiler's JavaScript API, looked up as `typescript` from its own folder, where it finds the
// repository's TypeScript 7, which ships no such API. Its look-ups (a `require` of the package's
// manifest, `require.resolve`, an `import()`) are sent to TypeScript 6, installed beside this file;
// every other module, and `tsc` itself, keeps TypeScript 7.
import Module, { createRequire, register } from 'node:module';
import { sep } from 'node:path';
import { pathToFileURL } from 'node:url';

const here = createRequire(import.meta.url);
const cruiser = `${sep}node_modules${sep}dependency-cruiser${sep}`;

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  if (
    (request === 'typescript' || request.startsWith('typescript/')) &&
    parent?.filename?.includes(cruiser)
  ) {
    return here.resolve(request);
  }
  return resolveFilename.call(this, request, parent, ...rest);
};

const hooks = `
  export async function resolve(specifier, context, next) {
    if (specifier === 'typescript' && context.parentURL?.includes('/node_modules/dependency-cruiser/')) {
      return { url: ${JSON.stringify(pathToFileURL(here.resolve('typescript')).href)}, shortCircuit: true };
    }
    return next(specifier, context);
  }
`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
