import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect';
import * as m0001 from './0001_foundation';
import * as m0002 from './0002_accounts';
import * as m0003 from './0003_community';
import * as m0004social from './0004_social_indexes';
import * as m0005search from './0005_search';
import * as m0006pinned from './0006_pinned_posts';
import * as m0007economy from './0007_economy';
import * as m0008games from './0008_games';
import * as m0009archives from './0009_archives';
import * as m0010uploadOwners from './0010_upload_owners';
import * as m0011gameTokenSessions from './0011_game_token_sessions';
import * as m0012bigUploads from './0012_big_uploads';
import * as m0013scheduledJobs from './0013_scheduled_jobs';
import * as m0014emailProof from './0014_email_proof';
import * as m0015operationFingerprints from './0015_operation_fingerprints';
import * as m0016uploadPictures from './0016_upload_pictures';
import * as m0017twoStep from './0017_two_step';
import * as m0018passkeys from './0018_passkeys';
import * as m0019sessionOrigins from './0019_session_origins';
import * as m0020mutes from './0020_mutes';
import * as m0021accountExports from './0021_account_exports';
import * as m0022accountDeletion from './0022_account_deletion';
import * as m0023storedFiles from './0023_stored_files';
import * as m0024staffAndSanctions from './0024_staff_and_sanctions';
import * as m0025moderation from './0025_moderation';
import * as m0026appeals from './0026_appeals';
import * as m0027editHistory from './0027_edit_history';
import * as m0028contentFilters from './0028_content_filters';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was then
type Up = (db: Kysely<any>, dialect: Dialect) => Promise<void>;

/**
 * Every migration in order. Names sort lexically; a migration, once landed, never changes: add
 * a new one instead. Feature issues append theirs here.
 */
export const MIGRATIONS: ReadonlyArray<readonly [name: string, up: Up]> = [
  ['0001_foundation', m0001.up],
  ['0002_accounts', m0002.up],
  ['0003_community', m0003.up],
  ['0004_social_indexes', m0004social.up],
  ['0005_search', m0005search.up],
  ['0006_pinned_posts', m0006pinned.up],
  ['0007_economy', m0007economy.up],
  ['0008_games', m0008games.up],
  ['0009_archives', m0009archives.up],
  ['0010_upload_owners', m0010uploadOwners.up],
  ['0011_game_token_sessions', m0011gameTokenSessions.up],
  ['0012_big_uploads', m0012bigUploads.up],
  ['0013_scheduled_jobs', m0013scheduledJobs.up],
  ['0014_email_proof', m0014emailProof.up],
  ['0015_operation_fingerprints', m0015operationFingerprints.up],
  ['0016_upload_pictures', m0016uploadPictures.up],
  ['0017_two_step', m0017twoStep.up],
  ['0018_passkeys', m0018passkeys.up],
  ['0019_session_origins', m0019sessionOrigins.up],
  ['0020_mutes', m0020mutes.up],
  ['0021_account_exports', m0021accountExports.up],
  ['0022_account_deletion', m0022accountDeletion.up],
  ['0023_stored_files', m0023storedFiles.up],
  ['0024_staff_and_sanctions', m0024staffAndSanctions.up],
  ['0025_moderation', m0025moderation.up],
  ['0026_appeals', m0026appeals.up],
  ['0027_edit_history', m0027editHistory.up],
  ['0028_content_filters', m0028contentFilters.up],
];
