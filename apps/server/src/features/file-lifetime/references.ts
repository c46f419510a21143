/**
 * Every column that can refer to a file in the content-addressed store, in one place: the sweep
 * deletes a file only when none of these names it (docs/internals/file-lifetime.md#references).
 * A test (apps/server/test/file-lifetime.test.ts) fails when the migrated schema has a column whose
 * name looks like a file's (sha, hash, file, avatar, image, icon, cover, url…) that is listed
 * neither here nor in NOT_FILE_REFERENCES, so a new feature's column is decided, not forgotten.
 */

/**
 * `sha256`: the column holds a file's SHA-256 in hex, alone (checked by an index lookup).
 * `address`: the column is text naming files by their served address, `/upload/files/<sha256>.<ext>`,
 * relative or absolute, alone or in a JSON list (each row read, in pages of its key).
 */
export type FileReference =
  | { table: string; column: string; holds: 'sha256'; why: string }
  | { table: string; column: string; holds: 'address'; key: string; why: string };

export const FILE_REFERENCES: readonly FileReference[] = [
  {
    table: 'upload_owners',
    column: 'sha256',
    holds: 'sha256',
    why: 'a member uploaded it: their uploads stay theirs (to attach, to wear) until they are erased',
  },
  { table: 'post_files', column: 'sha256', holds: 'sha256', why: "a post's attached file or picture" },
  { table: 'archive_versions', column: 'state_sha256', holds: 'sha256', why: 'a cloud save version' },
  { table: 'archive_versions', column: 'image_sha256', holds: 'sha256', why: "a cloud save's screenshot" },
  { table: 'games', column: 'rom_sha256', holds: 'sha256', why: "a catalogue game's ROM" },
  {
    table: 'account_exports',
    column: 'file_sha256',
    holds: 'sha256',
    why: "a member's data export (zip) until its row goes, 7 days after it was ready",
  },
  { table: 'users', column: 'avatar', holds: 'address', key: 'id', why: "a member's avatar" },
  { table: 'categories', column: 'icon', holds: 'address', key: 'id', why: "a category's icon" },
  { table: 'topics', column: 'icon', holds: 'address', key: 'id', why: "a topic's icon" },
  {
    table: 'achievements',
    column: 'icon',
    holds: 'address',
    key: 'id',
    why: "an achievement's icon, when a picture",
  },
  { table: 'banners', column: 'image', holds: 'address', key: 'id', why: 'a home banner' },
  { table: 'popups', column: 'image', holds: 'address', key: 'id', why: "the popup's picture" },
  { table: 'games', column: 'icon_image', holds: 'address', key: 'id', why: "a game's cover" },
  {
    table: 'games',
    column: 'screenshots',
    holds: 'address',
    key: 'id',
    why: "a game's screenshots (JSON list)",
  },
  { table: 'games', column: 'videos', holds: 'address', key: 'id', why: "a game's videos (JSON list)" },
  {
    table: 'emulators',
    column: 'icon_url_text',
    holds: 'address',
    key: 'emulator_uid',
    why: "an emulator's icon",
  },
  { table: 'game_topics', column: 'cover', holds: 'address', key: 'id', why: "a game collection's cover" },
  { table: 'game_banners', column: 'image', holds: 'address', key: 'id', why: "a game banner's picture" },
  {
    table: 'archive_slots',
    column: 'icon_image',
    holds: 'address',
    key: 'id',
    why: "the game's cover as a save slot keeps it (any address the app sent, ours included)",
  },
];

/** Columns whose names look like a file's but that name none, each with the reason. */
export const NOT_FILE_REFERENCES: readonly { table: string; column: string; why: string }[] = [
  {
    table: 'uploads',
    column: 'sha256',
    why: "the file's own record (type, size, picture or not): deleted with the file, keeps nothing alive",
  },
  { table: 'uploads', column: 'picture', why: 'a flag' },
  { table: 'stored_files', column: 'sha256', why: "the lifetime's own row of the file" },
  { table: 'post_files', column: 'is_image', why: 'a flag' },
  { table: 'post_files', column: 'access_key', why: 'a random download key' },
  { table: 'archive_versions', column: 'access_key', why: 'a random download key' },
  { table: 'posts', column: 'link', why: 'a web address the post points to' },
  { table: 'post_versions', column: 'link', why: "an earlier version's web address, like posts.link" },
  { table: 'posts', column: 'share_count', why: 'a count' },
  { table: 'posts', column: 'file_count', why: 'a count' },
  { table: 'banners', column: 'link', why: 'where a tap goes' },
  { table: 'popups', column: 'link', why: 'where a tap goes' },
  { table: 'game_banners', column: 'link', why: 'where a tap goes' },
  { table: 'app_versions', column: 'download_url', why: "the app's download page, outside the store" },
  { table: 'users', column: 'password_hash', why: 'a password hash' },
  { table: 'sessions', column: 'token_hash', why: 'a token hash' },
  { table: 'game_tokens', column: 'token_hash', why: 'a token hash' },
  { table: 'access_grants', column: 'token_hash', why: 'a token hash' },
  { table: 'account_export_links', column: 'token_hash', why: 'a link secret hash' },
  { table: 'password_resets', column: 'code_hash', why: 'a code hash' },
  { table: 'email_proofs', column: 'code_hash', why: 'a code hash' },
  { table: 'recovery_codes', column: 'code_hash', why: 'a code hash' },
  { table: 'second_step_tickets', column: 'ticket_hash', why: 'a ticket hash' },
  { table: 'passkey_challenges', column: 'challenge_hash', why: 'a challenge hash' },
  { table: 'passkey_challenges', column: 'ticket_hash', why: 'a ticket hash' },
  { table: 'passkeys', column: 'public_key', why: "a passkey's public key" },
];

/** The part of an address that names a stored file, and the hash in it. */
export const FILE_ADDRESS = /\/upload\/files\/([0-9a-f]{64})/g;
/** What a row must contain to name any stored file: the SQL filter before the rows are read. */
export const FILE_ADDRESS_LIKE = '%/upload/files/%';
