/**
 * The third-party notices the build writes beside index.html (build/third-party-notices.ts) and
 * the licences screen reads: what the server hands to browsers, each part with its terms.
 */
export const THIRD_PARTY_NOTICES_FILE = 'third-party-notices.json';

/** Where a part runs: the app's bundles, the service worker, or the emulator and its cores. */
export type NoticeGroup = 'emulator' | 'core' | 'app' | 'service-worker';

export interface ThirdPartyNotice {
  name: string;
  version: string;
  /** An SPDX identifier, or `LicenseRef-…` for terms SPDX does not list. */
  license: string;
  group: NoticeGroup;
  /** The terms forbid commercial use: an operator running Pixelhall for money must drop it. */
  nonCommercial: boolean;
  /** Where its source is: the npm package, and the upstream repository when it names one. */
  npm: string;
  repository: string | null;
  /** Parts it carries that come from elsewhere (EmulatorJS's decompressors, a core's frontend). */
  contains: string[];
  /** The licence text as the package ships it; null when the package carries none. */
  text: string | null;
}

export interface ThirdPartyNotices {
  /** The project's own licence (the root package.json's `license`). */
  projectLicense: string;
  notices: ThirdPartyNotice[];
}
