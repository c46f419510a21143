export * from './api/account-deletion';
export * from './api/account-export';
export * from './api/achievements';
export * from './api/app-version';
export * from './api/appeals';
export * from './api/archives';
export * from './api/auth';
export * from './api/bets';
export * from './api/comments';
export * from './api/common';
export * from './api/community-common';
export * from './api/content-filters';
export * from './api/economy-common';
export * from './api/edits';
export * from './api/endpoint';
export * from './api/follows';
export * from './api/games';
export * from './api/grades';
export * from './api/levels';
export * from './api/mining';
export * from './api/mod-log';
export * from './api/moderation';
export * from './api/mutes';
export * from './api/options';
export * from './api/passkeys';
export * from './api/posts';
export * from './api/props';
export * from './api/sanctions';
export * from './api/search';
export * from './api/sessions';
export * from './api/staff';
export * from './api/tasks';
export * from './api/topics';
export * from './api/two-step';
export * from './api/uploads';
export * from './api/users';
export * from './api/wallet';
export * from './codes';
export * from './constants';
export * from './envelope';
export * from './file-names';
export * from './format/counts';
export * from './format/dates';
export * from './format/file-kind';
export * from './format/file-size';
export * from './format/relative-time';
export * from './format/version';
export * from './headers';
export * from './locale';
export * from './messages';
export * from './mute-words';
export * from './validators';

import { accountDeletionEndpoints } from './api/account-deletion';
import { accountExportEndpoints } from './api/account-export';
import { achievementsEndpoints } from './api/achievements';
import { appVersionEndpoints } from './api/app-version';
import { appealsEndpoints } from './api/appeals';
import { archivesEndpoints } from './api/archives';
import { authEndpoints } from './api/auth';
import { betsEndpoints } from './api/bets';
import { commentsEndpoints } from './api/comments';
import { contentFiltersEndpoints } from './api/content-filters';
import { editsEndpoints } from './api/edits';
import { followsEndpoints } from './api/follows';
import { gamesEndpoints } from './api/games';
import { levelsEndpoints } from './api/levels';
import { miningEndpoints } from './api/mining';
import { modLogEndpoints } from './api/mod-log';
import { moderationEndpoints } from './api/moderation';
import { mutesEndpoints } from './api/mutes';
import { optionsEndpoints } from './api/options';
import { passkeysEndpoints } from './api/passkeys';
import { postsEndpoints } from './api/posts';
import { propsEndpoints } from './api/props';
import { sanctionsEndpoints } from './api/sanctions';
import { searchEndpoints } from './api/search';
import { sessionsEndpoints } from './api/sessions';
import { staffEndpoints } from './api/staff';
import { tasksEndpoints } from './api/tasks';
import { topicsEndpoints } from './api/topics';
import { twoStepEndpoints } from './api/two-step';
import { uploadsEndpoints } from './api/uploads';
import { usersEndpoints } from './api/users';
import { walletEndpoints } from './api/wallet';

/** Every endpoint of the contract, by API group; feature issues add their group here. */
export const endpoints = {
  options: optionsEndpoints,
  appVersion: appVersionEndpoints,
  users: usersEndpoints,
  auth: authEndpoints,
  uploads: uploadsEndpoints,
  topics: topicsEndpoints,
  posts: postsEndpoints,
  comments: commentsEndpoints,
  edits: editsEndpoints,
  follows: followsEndpoints,
  mutes: mutesEndpoints,
  search: searchEndpoints,
  wallet: walletEndpoints,
  props: propsEndpoints,
  levels: levelsEndpoints,
  tasks: tasksEndpoints,
  achievements: achievementsEndpoints,
  bets: betsEndpoints,
  mining: miningEndpoints,
  archives: archivesEndpoints,
  games: gamesEndpoints,
  twoStep: twoStepEndpoints,
  passkeys: passkeysEndpoints,
  accountExport: accountExportEndpoints,
  sessions: sessionsEndpoints,
  accountDeletion: accountDeletionEndpoints,
  staff: staffEndpoints,
  modLog: modLogEndpoints,
  sanctions: sanctionsEndpoints,
  contentFilters: contentFiltersEndpoints,
  moderation: moderationEndpoints,
  appeals: appealsEndpoints,
} as const;
