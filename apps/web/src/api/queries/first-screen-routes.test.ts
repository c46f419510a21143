import { type EndpointDef, endpoints } from '@pixelhall/contract';
import { describe, expect, it } from 'vitest';
import { firstScreenRoutes } from './first-screen-routes';

const byPath = new Map(
  Object.values(endpoints).flatMap((group) =>
    Object.values(group as Record<string, EndpointDef>).map((def) => [`${def.base}/${def.path}`, def]),
  ),
);

describe('the first screen routes', () => {
  for (const [name, route] of Object.entries(firstScreenRoutes)) {
    it(`${name} is the contract's endpoint, field for field`, () => {
      const def = byPath.get(`${route.base}/${route.path}`);
      expect(def, `${route.base}/${route.path} in the contract`).toBeDefined();
      expect(route).toEqual({ base: def!.base, path: def!.path, methods: def!.methods, auth: def!.auth });
    });
  }

  it('are the endpoints the contract names the same', () => {
    const names = Object.values(endpoints).flatMap((group) => Object.entries(group));
    for (const [name, route] of Object.entries(firstScreenRoutes)) {
      const def = names.find(([n]) => n === name)?.[1] as EndpointDef | undefined;
      expect(def?.path, name).toBe(route.path);
    }
  });
});
