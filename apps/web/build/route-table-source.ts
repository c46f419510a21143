import { endpoints } from '@pixelhall/contract';
import { routeTable } from '@pixelhall/contract/routes';

/** What route-table.ts loads with Vite's module runner: the contract's endpoint table, routes only. */
export const table = routeTable(endpoints);
