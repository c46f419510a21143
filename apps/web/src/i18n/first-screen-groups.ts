/**
 * The catalogs' top-level groups that Home's first screen and what it opens in place (the
 * tab bar, the mining button, the new-post sheet, the reward overlay, the image viewer, the
 * announcement, the update prompt) show. They load first; the rest of the catalog loads once the
 * first screen has shown, and before any other screen renders (shell/RouteHost.tsx).
 */
export const FIRST_SCREEN_GROUPS: readonly string[] = [
  // The "edited" mark on a post card (ui/edits/EditedMark.tsx), which Home's feed shows.
  'edits',
  'feed',
  'grade',
  'home',
  'imagePreview',
  'me',
  'mine',
  'miningUi',
  // The note on a post folded for its muted words (ui/mute/Folded.tsx), which Home's feed shows.
  'muteFold',
  'newPost',
  'postUi',
  'propsUi',
  'rewardUi',
  'searchUi',
  'shell',
  'tabs',
  'time',
  'topicUi',
  'updateUi',
  // The contract's shared catalog: what the client says itself (failures, form checks, the
  // daily check-in); the groups only the server words (mails, the economy's answers) wait.
  'auth',
  'common',
  'errors',
  'rewards',
  'validation',
  'version',
];

/**
 * Keys of the first screen's groups that wait with the rest all the same: the answers of the
 * account's own settings (two-step sign-in, passkeys, signed-in devices, mutes, the data export,
 * deletion), the moderators' desk's refusals (`mod_`) and the rest of moderation's (sanctions,
 * appeals, filters, new members' limits, edits of removed content). Only those screens and the
 * server word them (a failure's `msg` comes translated), and those screens wait for the whole
 * catalog, so Home never downloads them.
 */
export const LATER_KEYS =
  /^(errors|auth|validation)\.(totp_|recovery_code|second_step|fresh_proof|proof_given|passkey|session_not_found|export_|deletion_|cannot_mute_self|mute_|mod_|suspended|account_banned|user_is_admin|not_staff|comments_locked|appeal_|filter_|content_blocked|comment_needs_review|too_many_posts|too_many_comments|post_removed_no_edit|comment_removed_no_edit)/;
