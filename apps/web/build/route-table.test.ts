import { type EndpointDef, endpoints } from '@pixelhall/contract';
import * as routesModule from '@pixelhall/contract/routes';
import { describe, expect, it } from 'vitest';
import { routeTablePlugin } from './route-table';

const table = endpoints as unknown as Record<string, Record<string, EndpointDef>>;

describe('the route table plugin', () => {
  it('hands the app the table this build made, not the contract module', () => {
    // This project runs with the plugin, as the build does: the module is the table alone.
    expect(Object.keys(routesModule)).toEqual(['routes']);
  });

  it('gives every endpoint of the contract its base, path, methods and auth, as data', () => {
    const routes = routesModule.routes as unknown as Record<string, Record<string, unknown>>;
    expect(Object.keys(routes)).toEqual(Object.keys(table));
    for (const [group, defs] of Object.entries(table)) {
      expect(Object.keys(routes[group]!), group).toEqual(Object.keys(defs));
      for (const [name, { base, path, methods, auth }] of Object.entries(defs)) {
        expect(routes[group]![name], `${group}.${name}`).toStrictEqual({ base, path, methods, auth });
      }
    }
  });

  it('answers for that one import, and watches the contract files the table came from', async () => {
    const plugin = routeTablePlugin();
    const resolve = plugin.resolveId as (source: string) => string | null;
    const load = plugin.load as (
      this: { addWatchFile(file: string): void },
      id: string,
    ) => Promise<string | null>;
    expect(resolve('@pixelhall/contract')).toBeNull();
    expect(resolve('@pixelhall/contract/host')).toBeNull();
    const id = resolve('@pixelhall/contract/routes');
    expect(id).toMatch(/^\0/);
    const watched: string[] = [];
    const context = { addWatchFile: (file: string) => watched.push(file) };
    const code = await load.call(context, id!);
    expect(code).toMatch(
      /^export const routes = \{"options":\{"getOptions":\{"base":"api","path":"get\/options"/,
    );
    expect(code).not.toMatch(/zod|payload|summary/);
    expect(watched).toEqual(
      expect.arrayContaining([expect.stringMatching(/contract\/src\/api\/levels\.ts$/)]),
    );
    expect(await load.call(context, '/src/main.tsx')).toBeNull();
  });
});
