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
  categories: CategoriesTable;
  topics: TopicsTable;
  topic_follows: TopicFollowsTable;
  posts: PostsTable;
  post_files: PostFilesTable;
  post_likes: MemberPostTable;
  post_unlocks: MemberPostTable;
  comments: CommentsTable;
  comment_likes: CommentLikesTable;
  follows: FollowsTable;
  blacklist: BlacklistTable;
  reports: ReportsTable;
  banners: BannersTable;
  popups: PopupsTable;
  search_terms: SearchTermsTable;
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

export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  icon: Generated<string>;
  topic_type: Generated<number>;
  position: Generated<number>;
  created_at: number;
}

export interface TopicsTable {
  id: Generated<number>;
  category_id: number;
  name: string;
  icon: Generated<string>;
  description: Generated<string>;
  /** Level needed to post in the topic. */
  min_level: Generated<number>;
  /** 0, or ADULT_AGE for an adult topic that readers confirm their age for. */
  min_age: Generated<number>;
  created_by: number | null;
  follower_count: Generated<number>;
  post_count: Generated<number>;
  created_at: number;
}

export interface TopicFollowsTable {
  topic_id: number;
  user_id: number;
  created_at: number;
}

export interface PostsTable {
  id: Generated<number>;
  user_id: number;
  topic_id: number;
  text: string;
  color: string | null;
  style: string | null;
  link: string | null;
  /** Gold to view; 0 is free. Content of a priced post passes only through the paid gate. */
  price: Generated<number>;
  /** Set by the operator's pin command; pinned posts lead the feeds, newest pin first. */
  pinned_at: number | null;
  comments_open: Generated<number>;
  like_count: Generated<number>;
  comment_count: Generated<number>;
  share_count: Generated<number>;
  file_count: Generated<number>;
  /** Precomputed by the hot-score batch; never computed per request. */
  hot_score: Generated<number>;
  /** 1 when engagement changed since the batch last scored the post. */
  hot_dirty: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface PostFilesTable {
  id: Generated<number>;
  post_id: number;
  position: number;
  sha256: string;
  name: string;
  mime: string;
  bytes: number;
  is_image: Generated<number>;
  width: number | null;
  height: number | null;
  /** Random; part of the download address, which only readers allowed to see the file get. */
  access_key: string;
  download_count: Generated<number>;
}

/** post_likes and post_unlocks: one row per (post, member). */
export interface MemberPostTable {
  post_id: number;
  user_id: number;
  created_at: number;
}

export interface CommentsTable {
  id: Generated<number>;
  post_id: number;
  user_id: number;
  /** The top-level comment of the thread; null for a top-level comment. */
  root_id: number | null;
  parent_id: number | null;
  depth: Generated<number>;
  reply_to_user_id: number | null;
  text: string;
  like_count: Generated<number>;
  /** On a top-level comment: every reply in its thread. */
  reply_count: Generated<number>;
  created_at: number;
}

export interface CommentLikesTable {
  comment_id: number;
  user_id: number;
  created_at: number;
}

export interface FollowsTable {
  follower_id: number;
  followee_id: number;
  created_at: number;
}

/** user_id has put blocked_id on their blacklist. */
export interface BlacklistTable {
  user_id: number;
  blocked_id: number;
  created_at: number;
}

export interface ReportsTable {
  id: Generated<number>;
  reporter_id: number;
  target: string;
  target_id: number;
  reason: string;
  text: string;
  created_at: number;
}

export interface BannersTable {
  id: Generated<number>;
  title: string;
  image: string;
  link: Generated<string>;
  position: Generated<number>;
  active: Generated<number>;
  created_at: number;
}

export interface PopupsTable {
  id: Generated<number>;
  title: string;
  text: Generated<string>;
  image: Generated<string>;
  link: Generated<string>;
  starts_at: number;
  ends_at: number | null;
  created_at: number;
}

export interface SearchTermsTable {
  term: string;
  /** Days since the epoch (UTC). */
  day: number;
  count: Generated<number>;
}
