export * from './api/app-version';
export * from './api/auth';
export * from './api/common';
export * from './api/endpoint';
export * from './api/options';
export * from './api/uploads';
export * from './api/users';
export * from './codes';
export * from './constants';
export * from './envelope';
export * from './format/counts';
export * from './format/dates';
export * from './format/file-kind';
export * from './format/file-size';
export * from './format/relative-time';
export * from './format/version';
export * from './headers';
export * from './locale';
export * from './messages';
export * from './validators';

import { appVersionEndpoints } from './api/app-version';
import { authEndpoints } from './api/auth';
import { optionsEndpoints } from './api/options';
import { uploadsEndpoints } from './api/uploads';
import { usersEndpoints } from './api/users';

/** Every endpoint of the contract, by API group; feature issues add their group here. */
export const endpoints = {
  options: optionsEndpoints,
  appVersion: appVersionEndpoints,
  users: usersEndpoints,
  auth: authEndpoints,
  uploads: uploadsEndpoints,
} as const;
