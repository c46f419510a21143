import { describe, expect, it } from 'vitest';
import { type EndpointDef, endpoints } from './index';
import { routes } from './routes';

const table = endpoints as unknown as Record<string, Record<string, EndpointDef>>;
const light = routes as unknown as Record<string, Record<string, unknown>>;

describe('the schema-free route table', () => {
  it('has every group and endpoint of the contract, and nothing else', () => {
    expect(Object.keys(light)).toEqual(Object.keys(table));
    for (const group of Object.keys(table)) {
      expect(Object.keys(light[group]!), group).toEqual(Object.keys(table[group]!));
    }
  });

  it('gives each endpoint its base, path, methods and auth, and no schema', () => {
    for (const [group, defs] of Object.entries(table)) {
      for (const [name, def] of Object.entries(defs)) {
        expect(
          light[group]![name],
          `${group}.${name}: run npm run gen:routes -w @pixelhall/contract`,
        ).toEqual({
          base: def.base,
          path: def.path,
          methods: def.methods,
          auth: def.auth,
        });
      }
    }
  });
});
