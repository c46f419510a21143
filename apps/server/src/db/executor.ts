import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema';

/** What a query runs on: the database itself, or the transaction of the change it belongs to. */
export type Executor = Kysely<DB> | Transaction<DB>;
