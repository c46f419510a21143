import type { Generated } from 'kysely';

/**
 * The database as Kysely sees it. Times are epoch milliseconds (bigint in PostgreSQL, read back
 * as numbers); flags are 0/1 integers so both engines store them alike.
 */
export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  options: OptionsTable;
  app_versions: AppVersionsTable;
  seeds: SeedsTable;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** Lower-cased; null for visitors (tourist accounts) and some third-party sign-ins. */
  email: string | null;
  nickname: string;
  signature: Generated<string>;
  avatar: Generated<string>;
  level: Generated<number>;
  /** Balances change only through the ledger (DESIGN.md), never by a plain update. */
  gold: Generated<number>;
  diamonds: Generated<number>;
  status: Generated<'active' | 'disabled'>;
  created_at: number;
  updated_at: number;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: number;
  last_used_at: number;
  expires_at: number;
  max_expires_at: number;
  revoked_at: number | null;
}

export interface OptionsTable {
  name: string;
  /** JSON text. */
  value: string;
  updated_at: number;
}

export interface AppVersionsTable {
  id: Generated<number>;
  version: string;
  notes: string;
  force_update: number;
  download_url: string | null;
  released_at: number;
}

export interface SeedsTable {
  name: string;
  applied_at: number;
}
