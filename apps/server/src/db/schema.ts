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
  email_proofs: EmailProofsTable;
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
  totp_secrets: TotpSecretsTable;
  recovery_codes: RecoveryCodesTable;
  second_step_tickets: SecondStepTicketsTable;
  news: NewsTable;
  uploads: UploadsTable;
  upload_owners: UploadOwnersTable;
  categories: CategoriesTable;
  topics: TopicsTable;
  topic_follows: TopicFollowsTable;
  posts: PostsTable;
  post_files: PostFilesTable;
  post_versions: PostVersionsTable;
  post_likes: MemberPostTable;
  post_unlocks: MemberPostTable;
  comments: CommentsTable;
  comment_versions: CommentVersionsTable;
  comment_likes: CommentLikesTable;
  follows: FollowsTable;
  blacklist: BlacklistTable;
  member_mutes: MemberMutesTable;
  muted_words: MutedWordsTable;
  reports: ReportsTable;
  banners: BannersTable;
  popups: PopupsTable;
  search_terms: SearchTermsTable;
  ledger_operations: LedgerOperationsTable;
  ledger: LedgerTable;
  rewards: RewardsTable;
  experience_events: ExperienceEventsTable;
  online_days: OnlineDaysTable;
  props: PropsTable;
  user_props: UserPropsTable;
  prop_uses: PropUsesTable;
  tasks: TasksTable;
  task_progress: TaskProgressTable;
  achievements: AchievementsTable;
  user_achievements: UserAchievementsTable;
  achievement_display: AchievementDisplayTable;
  bet_events: BetEventsTable;
  bet_options: BetOptionsTable;
  bets: BetsTable;
  access_grants: AccessGrantsTable;
  archive_slots: ArchiveSlotsTable;
  archive_versions: ArchiveVersionsTable;
  emulators: EmulatorsTable;
  games: GamesTable;
  game_topics: GameTopicsTable;
  game_topic_games: GameTopicGamesTable;
  game_banners: GameBannersTable;
  game_favourites: GameFavouritesTable;
  game_plays: GamePlaysTable;
  game_play_days: GamePlayDaysTable;
  game_downloads: GameDownloadsTable;
  game_searches: GameSearchesTable;
  feedback: FeedbackTable;
  game_tokens: GameTokensTable;
  big_uploads: BigUploadsTable;
  scheduled_jobs: ScheduledJobsTable;
  stored_files: StoredFilesTable;
  stored_file_census: StoredFileCensusTable;
  account_exports: AccountExportsTable;
  account_export_links: AccountExportLinksTable;
  moderator_topics: ModeratorTopicsTable;
  mod_actions: ModActionsTable;
  appeals: AppealsTable;
  content_filters: ContentFiltersTable;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  /**
   * Lower-cased and proven (a mailed code reached it, or a provider verified it): the only address
   * log-in, password reset and third-party linking trust. Null until one is proven.
   */
  email: string | null;
  /** An address claimed at sign-up but not proven yet; several members may claim one. */
  pending_email: string | null;
  nickname: string;
  signature: Generated<string>;
  avatar: Generated<string>;
  level: Generated<number>;
  /** Balances change only through the ledger (docs/product/economy.md#ledger), never by a plain update. */
  gold: Generated<number>;
  diamonds: Generated<number>;
  /** Argon2id; null for visitors and third-party-only members. */
  password_hash: string | null;
  is_tourist: Generated<number>;
  /** Kept exact by the features that change them (posts, follows). */
  post_count: Generated<number>;
  follower_count: Generated<number>;
  following_count: Generated<number>;
  /**
   * `erased`: a deleted account's tombstone, kept for the ledger's sake (docs/internals/account-deletion.md);
   * `banned`: a moderator banned it (docs/internals/staff-and-sanctions.md). Only `active` signs in or is listed.
   */
  status: Generated<'active' | 'disabled' | 'erased' | 'banned'>;
  /** Total experience; `level` follows it (features/levels), both changed together. */
  experience: Generated<number>;
  /** The last UTC day (days since the epoch) of a daily start-up, the run of days, and all days. */
  checkin_day: number | null;
  checkin_streak: Generated<number>;
  checkin_days: Generated<number>;
  created_at: number;
  updated_at: number;
  /** When the member asked to delete the account, and when it is erased unless they keep it. */
  deletion_requested_at: number | null;
  deletion_due_at: number | null;
  /** When the `account-erasure` job erased it (status `erased`). */
  erased_at: number | null;
  /** member, moderator or admin (features/staff); read with every request. */
  role: Generated<'member' | 'moderator' | 'admin'>;
  /** When the role was last given; null for members. */
  role_granted_at: number | null;
  /** The member reads but does not write while this is later than now (features/sanctions). */
  suspended_until: number | null;
  suspension_reason: string | null;
  /** The log entry of the running suspension, which an appeal names. */
  suspension_action_id: number | null;
  /** Why it was banned (status `banned`); log-in says it. */
  ban_reason: string | null;
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
  /** When the session last gave a fresh proof (two-step/fresh-proof.ts); null: only its sign-in. */
  proven_at: number | null;
  /** Where it was begun or last touched from (sessions/origin.ts); null before migration 0019. */
  device_type: string | null;
  app_version: string | null;
  /** Already shortened for privacy: `203.0.113.x`, `2001:db8:85a3::/48` (sessions/address.ts). */
  address: string | null;
}

/** An authenticator app (two-step/): the secret AES-256-GCM encrypted; enabled once a code confirmed it. */
export interface TotpSecretsTable {
  user_id: number;
  secret_enc: string;
  created_at: number;
  enabled_at: number | null;
  /** The last accepted 30-second step: a code of it or before is refused as replayed. */
  last_step: number | null;
}

export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  /** HMAC-SHA256 of the normalized code under a key derived from SECRETS_KEY. */
  code_hash: string;
  created_at: number;
  used_at: number | null;
}

/** What a log-in with a second step on answers instead of a session; the ticket is stored hashed. */
export interface SecondStepTicketsTable {
  id: Generated<number>;
  user_id: number;
  ticket_hash: string;
  created_at: number;
  expires_at: number;
  failures: Generated<number>;
  used_at: number | null;
}

/** A member's WebAuthn credential (features/passkeys); ids and the COSE public key in base64url. */
export interface PasskeysTable {
  id: Generated<number>;
  user_id: number;
  credential_id: string;
  public_key: string;
  /** The opaque id the authenticator keeps for the member (base64url, one per member). */
  user_handle: string;
  /** The authenticator's signature counter; 0 for authenticators that keep none. */
  counter: number;
  /** Comma-separated, as the browser reported them at registration. */
  transports: string;
  /** `singleDevice` or `multiDevice` (may be synced between the member's devices). */
  device_type: string;
  backed_up: number;
  name: string;
  created_at: number;
  last_used_at: number | null;
}

/** A ceremony's single-use challenge, stored as its SHA-256; `purpose` says which ceremony. */
export interface PasskeyChallengesTable {
  id: Generated<number>;
  challenge_hash: string;
  user_id: number | null;
  purpose: 'register' | 'sign_in' | 'second_step' | 'proof';
  /** SHA-256 of the log-in's second-step ticket this challenge serves (purpose second_step). */
  ticket_hash: string | null;
  /** A registration's: the user handle its options gave the authenticator (base64url). */
  user_handle: string | null;
  created_at: number;
  expires_at: number;
  used_at: number | null;
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

/** A code mailed to prove an address: `email` becomes the member's once the code comes back. */
export interface EmailProofsTable {
  id: Generated<number>;
  user_id: number;
  email: string;
  /** SHA-256 of the code. */
  code_hash: string;
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
  /**
   * 1 when the picture pipeline (upload/file) made the file: re-encoded, without metadata, within
   * its limits. Only these are shown inline; every other file is a download.
   */
  picture: Generated<number>;
  owner_id: number | null;
  created_at: number;
}

/**
 * Who uploaded a stored file: one row per (member, file), as the same bytes uploaded by two
 * members are one file. Only its owners may attach a file to a post or an archive.
 */
export interface UploadOwnersTable {
  user_id: number;
  sha256: string;
  bytes: number;
  created_at: number;
}

/**
 * A resumable upload (`upload/big`) in progress, from creation until it is finished, terminated
 * or swept; its bytes are wherever tus keeps them (the bucket, or `<UPLOAD_DIR>/tus/`).
 */
export interface BigUploadsTable {
  /** tus's upload id: 32 hex digits. */
  id: string;
  owner_id: number;
  /** The length the upload declared; null while it is deferred. */
  declared_bytes: number | null;
  created_at: number;
  /** The last PATCH; the sweep takes uploads untouched for a day. */
  touched_at: number;
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
  /** A pin bought with a prop: the post leads its topic's feed until this time. */
  topic_pinned_until: number | null;
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
  /** When its author last edited it (docs/internals/edits.md); null if never. */
  edited_at: number | null;
  /** A moderator removed it (docs/product/moderation.md); the text stays for the log and a restore. */
  removed_at: number | null;
  removed_reason: string | null;
  removed_action_id: number | null;
  /** Held for review: only its author and moderators see it until released (or removed). */
  held_at: number | null;
  held_reason: string | null;
  /** 1: a moderator closed its comments; its author cannot reopen them. */
  comments_locked: Generated<number>;
}

/** A post's earlier versions, one row each; `created_at`: when that version was written. */
export interface PostVersionsTable {
  id: Generated<number>;
  post_id: number;
  text: string;
  link: string | null;
  created_at: number;
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
  /** When its author last edited it (docs/internals/edits.md); null if never. */
  edited_at: number | null;
  /** A moderator removed it: it stays in its thread as a placeholder, its replies under it. */
  removed_at: number | null;
  removed_reason: string | null;
  removed_action_id: number | null;
}

/** A comment's earlier versions, one row each; `created_at`: when that version was written. */
export interface CommentVersionsTable {
  id: Generated<number>;
  comment_id: number;
  text: string;
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

/** user_id muted muted_user_id until until_at (null: until taken back); docs/internals/mutes.md. */
export interface MemberMutesTable {
  user_id: number;
  muted_user_id: number;
  until_at: number | null;
  created_at: number;
}

/** A word or phrase user_id muted: `phrase` as typed (trimmed), `normalized` as compared (NFKC, lower case). */
export interface MutedWordsTable {
  id: Generated<number>;
  user_id: number;
  phrase: string;
  normalized: string;
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
  /** The post or comment as it was when reported, JSON `{ text, link }` (posts/report-snapshot.ts). */
  snapshot: string | null;
  /** Open while null; then when, by whom and how a moderator resolved it. */
  resolved_at: number | null;
  resolved_by: number | null;
  resolution: 'dismissed' | 'removed' | null;
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

export type Currency = 'gold' | 'diamonds';

/** One economic operation; its key is unique, so a repeated request cannot apply twice. */
export interface LedgerOperationsTable {
  key: string;
  user_id: number | null;
  kind: string;
  ref_type: string | null;
  ref_id: number | null;
  /** Why an operator made it (grants); never shown to members. */
  note: string | null;
  /**
   * SHA-256 of what the operation was asked to do (its kind, reference and parameters): a repeat
   * of its key must match it. Null for operations recorded before fingerprints.
   */
  fingerprint: string | null;
  created_at: number;
}

/** Immutable rows: inserted, never updated or deleted. user_id null is the house. */
export interface LedgerTable {
  id: Generated<number>;
  operation_key: string;
  leg: number;
  user_id: number | null;
  currency: Currency;
  amount: number;
  /** The member's balance right after this row; null for the house. */
  balance_after: number | null;
  reason: string;
  ref_type: string | null;
  ref_id: number | null;
  /** Set on a reversal row: the row it undoes (each row can be undone once). */
  reverses_id: number | null;
  created_at: number;
}

export interface RewardsTable {
  id: Generated<number>;
  user_id: number;
  source: 'task' | 'level' | 'achievement' | 'checkin';
  source_id: number | null;
  gold: Generated<number>;
  diamonds: Generated<number>;
  experience: Generated<number>;
  operation_key: string;
  created_at: number;
}

export interface ExperienceEventsTable {
  user_id: number;
  key: string;
  source: string;
  amount: number;
  /** Days since the epoch (UTC), for daily caps. */
  day: number;
  created_at: number;
}

export interface OnlineDaysTable {
  user_id: number;
  day: number;
  seconds: Generated<number>;
  last_beat_at: number;
}

export interface PropsTable {
  id: Generated<number>;
  code: string;
  /** English name and description; the server translates known codes (messages `props.*`). */
  name: string;
  description: Generated<string>;
  kind: 'color' | 'style' | 'pin' | 'experience';
  /** What it does: a colour or style id, pin hours, or experience points. */
  effect: Generated<string>;
  currency: Currency;
  price: number;
  /** A bought lot expires this many days later; null keeps forever. */
  shelf_days: number | null;
  position: Generated<number>;
  active: Generated<number>;
  created_at: number;
}

export interface UserPropsTable {
  id: Generated<number>;
  user_id: number;
  prop_id: number;
  count: number;
  expires_at: number | null;
  operation_key: string;
  acquired_at: number;
}

export interface PropUsesTable {
  id: Generated<number>;
  user_id: number;
  prop_id: number;
  post_id: number | null;
  operation_key: string;
  created_at: number;
}

export interface TasksTable {
  id: Generated<number>;
  code: string;
  kind: 'daily' | 'newbie';
  action: string;
  target: number;
  reward_gold: Generated<number>;
  reward_diamonds: Generated<number>;
  reward_experience: Generated<number>;
  min_level: Generated<number>;
  position: Generated<number>;
  active: Generated<number>;
  created_at: number;
}

export interface TaskProgressTable {
  user_id: number;
  task_id: number;
  /** The UTC day for daily tasks; 0 for newbie tasks. */
  period: number;
  progress: Generated<number>;
  updated_at: number;
  claimed_at: number | null;
}

export interface AchievementsTable {
  id: Generated<number>;
  code: string;
  metric: string;
  icon: Generated<string>;
  /** JSON: [{ threshold, gold, diamonds }], ascending thresholds. */
  tiers: string;
  position: Generated<number>;
  created_at: number;
}

export interface UserAchievementsTable {
  user_id: number;
  achievement_id: number;
  tier: number;
  earned_at: number;
}

export interface AchievementDisplayTable {
  user_id: number;
  achievement_id: number;
  position: number;
}

export interface BetEventsTable {
  id: Generated<number>;
  title: string;
  description: Generated<string>;
  close_at: number;
  start_at: number;
  status: Generated<'open' | 'settled' | 'cancelled'>;
  winner_option_id: number | null;
  settled_at: number | null;
  created_at: number;
}

export interface BetOptionsTable {
  id: Generated<number>;
  event_id: number;
  label: string;
  odds_x100: number;
  position: number;
}

export interface BetsTable {
  id: Generated<number>;
  user_id: number;
  event_id: number;
  option_id: number;
  amount: number;
  odds_x100: number;
  result: Generated<'placed' | 'won' | 'lost' | 'refunded'>;
  /** Paid to the member on a win, after the service charge. */
  prize: Generated<number>;
  charge: Generated<number>;
  operation_key: string;
  created_at: number;
  settled_at: number | null;
}

export interface AccessGrantsTable {
  token_hash: string;
  user_id: number;
  purpose: 'mining';
  expires_at: number;
  created_at: number;
}

export interface EmulatorsTable {
  emulator_uid: string;
  emulator_name: string;
  icon_url_text: Generated<string>;
  platform: string;
  core_name: string;
  /** Comma-separated ROM extensions, lower case, no dots. */
  extensions: string;
  position: Generated<number>;
}

export interface GamesTable {
  id: Generated<number>;
  game_uid: string;
  game_name: string;
  description: Generated<string>;
  icon_image: Generated<string>;
  /** JSON arrays of addresses. */
  screenshots: Generated<string>;
  videos: Generated<string>;
  platform: string;
  emulator_type: string;
  genre: string;
  version: Generated<string>;
  /** The ROM in the upload store. */
  rom_sha256: string;
  rom_name: string;
  size: number;
  rom_md5: string;
  /** NES: the MD5 without the 16-byte iNES header; null where the platform has no header. */
  rom_md5_headerless: string | null;
  upload_time: number;
  update_time: number;
  download_count: Generated<number>;
  favourite_count: Generated<number>;
  play_count: Generated<number>;
  recommend_rank: number | null;
}

export interface GameTopicsTable {
  id: Generated<number>;
  title: string;
  description: Generated<string>;
  cover: Generated<string>;
  position: Generated<number>;
  created_at: number;
}

export interface GameTopicGamesTable {
  topic_id: number;
  game_id: number;
  position: Generated<number>;
}

export interface GameBannersTable {
  id: Generated<number>;
  title: string;
  image: string;
  game_id: number | null;
  link: Generated<string>;
  position: Generated<number>;
  active: Generated<number>;
  created_at: number;
}

export interface GameFavouritesTable {
  user_id: number;
  game_id: number;
  created_at: number;
}

export interface GamePlaysTable {
  user_id: number;
  game_id: number;
  times: Generated<number>;
  first_played_at: number;
  last_played_at: number;
}

export interface GamePlayDaysTable {
  game_id: number;
  /** Days since the epoch (UTC). */
  day: number;
  count: Generated<number>;
}

export interface GameDownloadsTable {
  user_id: number;
  game_id: number;
  day: number;
  created_at: number;
}

export interface GameSearchesTable {
  word: string;
  day: number;
  count: Generated<number>;
}

export interface FeedbackTable {
  id: Generated<number>;
  user_id: number;
  device_name: string;
  device_version: string;
  problem: string;
  email: string;
  created_at: number;
}

export interface GameTokensTable {
  token_hash: string;
  user_id: number;
  /** The session that minted it: the token resolves only while that session is live. */
  session_id: number;
  expires_at: number;
  created_at: number;
}

/** A member's cloud archive slot (rom_md5, slot); the game's name and cover are kept here. */
export interface ArchiveSlotsTable {
  id: Generated<number>;
  user_id: number;
  rom_md5: string;
  slot: number;
  game_uid: string | null;
  game_name: string;
  icon_image: Generated<string>;
  /** The newest version; saving moves it with a conditional update (the conflict check). */
  latest_version_id: number | null;
  created_at: number;
  updated_at: number;
}

/** One saved version of a slot; the newest ARCHIVE_HISTORY are kept. */
export interface ArchiveVersionsTable {
  id: Generated<number>;
  slot_id: number;
  state_sha256: string;
  image_sha256: string | null;
  archive_md5: string;
  bytes: number;
  core_name: Generated<string>;
  device_id: string;
  base_version_id: number | null;
  access_key: string;
  created_at: number;
}

/** A job that runs once per period in the whole cluster (jobs/scheduler.ts). */
export interface ScheduledJobsTable {
  name: string;
  /** When the next period starts; the server that moves it forward runs the job. */
  next_run_at: number;
  last_run_at: number | null;
  /** Which server ran the last period (host:pid:random). */
  last_runner: string | null;
  runs: Generated<number>;
}

export type AccountExportState = 'pending' | 'building' | 'ready' | 'failed';

/** "Download my data": one export a member asked for (features/account-export). */
export interface AccountExportsTable {
  id: Generated<number>;
  user_id: number;
  state: Generated<AccountExportState>;
  /** The language it was asked in; the README inside is written in it. */
  locale: string;
  requested_at: number;
  started_at: number | null;
  ready_at: number | null;
  /** ready_at + 7 days; the job deletes the row then, and the store's sweep the file. */
  expires_at: number | null;
  /** The zip in the file store, once ready: a reference, like every column naming a stored file. */
  file_sha256: string | null;
  size: number | null;
  /** The server building it, and until when its claim holds (it renews it while it works). */
  claimed_by: string | null;
  claim_until: number | null;
  attempts: Generated<number>;
}

/** A download address minted for an export's owner, for a few minutes; the secret stored hashed. */
export interface AccountExportLinksTable {
  token_hash: string;
  export_id: number;
  user_id: number;
  expires_at: number;
  created_at: number;
}

/**
 * A file in the content-addressed store, as the file lifetime keeps it (features/file-lifetime):
 * every put claims the row first, and the sweep deletes the bytes of a row nothing refers to.
 */
export interface StoredFilesTable {
  sha256: string;
  size: number;
  /** Puts claimed so far: the sweep marks the row only if this is still the count it read. */
  puts: Generated<number>;
  first_put_at: number;
  /** The app's clock; the sweep leaves a file alone for its grace period after this. */
  last_put_at: number;
  /** `deleting` from the sweep's mark until the row goes; a put waits for that. */
  state: Generated<'live' | 'deleting'>;
  /** The sweep run that marked it, and when by the database's clock (a lapsed mark is taken back). */
  marked_by: string | null;
  marked_at: number | null;
}

/** How far the listing of the store that gives rows to files without one has got (one row, `store`). */
export interface StoredFileCensusTable {
  name: string;
  /** The last hash listed by a pass under way; null between passes. */
  cursor: string | null;
  started_at: number | null;
  finished_at: number | null;
}

/**
 * A content filter an administrator keeps (docs/internals/content-filters.md): `value` as typed,
 * `normalized` as compared; one per (kind, normalized). `created_by` null: an operator, or an
 * administrator whose account is gone.
 */
export interface ContentFiltersTable {
  id: Generated<number>;
  kind: 'word' | 'pattern' | 'link';
  value: string;
  normalized: string;
  action: 'block' | 'hold';
  created_by: number | null;
  created_at: number;
}

/** A moderator with rows here moderates only those topics; one without moderates every topic. */
export interface ModeratorTopicsTable {
  user_id: number;
  topic_id: number;
  created_at: number;
}

/** The moderation log (features/mod-log): one row per thing a moderator, admin or operator did. */
export interface ModActionsTable {
  id: Generated<number>;
  /** Null: an operator's `npm run ops` command. */
  moderator_id: number | null;
  action: string;
  target_type: string;
  target_id: number | null;
  /** Whom it is about: the content's author, or the member acted on. */
  subject_user_id: number | null;
  topic_id: number | null;
  post_id: number | null;
  reason: string;
  until_at: number | null;
  /** The content as it was; staff only. */
  snapshot: string | null;
  /** 1 for the kinds the public log shows. */
  is_public: number;
  created_at: number;
}

/**
 * A member's appeal of one moderation-log entry (features/appeals; docs/internals/appeals.md).
 * `kind`, `topic_id` and `actor_id` are the entry's, copied so the desk's queue is scoped and
 * counted here. `state`: open, then granted or denied once.
 */
export interface AppealsTable {
  id: Generated<number>;
  action_id: number;
  user_id: number;
  kind: string;
  topic_id: number | null;
  /** Who took the action appealed (null: an operator command). */
  actor_id: number | null;
  message: string;
  state: Generated<'open' | 'granted' | 'denied'>;
  answer: string | null;
  answered_by: number | null;
  answered_at: number | null;
  created_at: number;
}
