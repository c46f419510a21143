import { describe, expect, it } from 'vitest';
import { type EndpointDef, endpoints } from './index';
import { routeTable } from './routes';

const table = endpoints as unknown as Record<string, Record<string, EndpointDef>>;

describe('the schema-free route table', () => {
  const routes = routeTable(table);

  it('has every group and endpoint of the contract, in its order, and nothing else', () => {
    expect(Object.keys(routes)).toEqual(Object.keys(table));
    for (const group of Object.keys(table)) {
      expect(Object.keys(routes[group]!), group).toEqual(Object.keys(table[group]!));
    }
  });

  it('gives each endpoint its base, path, methods and auth, and no schema', () => {
    for (const [group, defs] of Object.entries(table)) {
      for (const [name, def] of Object.entries(defs)) {
        expect(routes[group]![name], `${group}.${name}`).toStrictEqual({
          base: def.base,
          path: def.path,
          methods: def.methods,
          auth: def.auth,
        });
      }
    }
    expect(JSON.parse(JSON.stringify(routes))).toStrictEqual(routes);
  });
});
