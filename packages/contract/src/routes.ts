import type { EndpointDef, endpoints } from './index';

/** What a client needs of an endpoint at run time: where it is and who may call it. */
export type RouteFields = Pick<EndpointDef, 'base' | 'path' | 'methods' | 'auth'>;

/** The endpoint table as its route fields alone, group by group, in the table's order. */
export type RouteTable = { [group: string]: { [name: string]: RouteFields } };

/**
 * The endpoint table without its schemas: what a web screen calls the API with, so that calling
 * never downloads zod and every schema of the contract.
 */
export function routeTable(table: Record<string, Record<string, EndpointDef>>): RouteTable {
  return Object.fromEntries(
    Object.entries(table).map(([group, defs]) => [
      group,
      Object.fromEntries(
        Object.entries(defs).map(([name, { base, path, methods, auth }]) => [
          name,
          { base, path, methods, auth },
        ]),
      ),
    ]),
  );
}

/**
 * Typed as the endpoint table, so payloads and answers are typed by their schemas; the schemas
 * are types only here, and nothing may validate with `routes`. Only the web app imports it, and
 * only through its build (apps/web/build/route-table.ts), which makes the module from
 * `routeTable(endpoints)`: there is no value here to fall back on, so a bundle without that
 * plugin fails to link rather than quietly carrying every schema.
 */
export declare const routes: typeof endpoints;
