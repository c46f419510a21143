/** Writes src/routes.ts, the schema-free endpoint table (see src/routes-source.ts). */
import { writeFileSync } from 'node:fs';
import { endpoints } from '../src/index';
import { routesSource } from '../src/routes-source';

const target = new URL('../src/routes.ts', import.meta.url);
writeFileSync(target, routesSource(endpoints));
console.info(`wrote ${target.pathname}`);
