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
  password_resets: PasswordResetsTable;
  identities: IdentitiesTable;
  news: NewsTable;
  uploads: UploadsTable;
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
  /** Argon2id; null for visitors and third-party-only members. */
  password_hash: string | null;
  is_tourist: Generated<number>;
  /** Kept exact by the features that change them (posts, follows). */
  post_count: Generated<number>;
  follower_count: Generated<number>;
  following_count: Generated<number>;
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

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the mailed 6-digit code; attempts are counted so the code can't be guessed. */
  code_hash: string;
  attempts: Generated<number>;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** A third-party sign-in linked to a member: (provider, subject) is the provider's user id. */
export interface IdentitiesTable {
  id: Generated<number>;
  user_id: number;
  provider: string;
  subject: string;
  email: string | null;
  created_at: number;
}

export interface NewsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  actor_id: number | null;
  ref_type: string | null;
  ref_id: number | null;
  text: Generated<string>;
  read_at: number | null;
  created_at: number;
}

/** Stored files, content-addressed: the file lives at <UPLOAD_DIR>/<sha256[0..2]>/<sha256>. */
export interface UploadsTable {
  sha256: string;
  mime: string;
  bytes: number;
  width: number | null;
  height: number | null;
  owner_id: number | null;
  created_at: number;
}
