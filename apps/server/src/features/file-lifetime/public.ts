/**
 * The file lifetime: the claims every put makes (given to the store by the wiring) and the sweep
 * that deletes stored files nothing refers to (docs/internals/file-lifetime.md).
 */
export { claimsAfterwards, MARK_LEASE_MS, storedFileClaims } from './claims';
export { FILE_REFERENCES, type FileReference, NOT_FILE_REFERENCES } from './references';
export {
  type FileSweepHooks,
  type FileSweepOptions,
  type FileSweepReport,
  type FileSweepService,
  fileSweepService,
} from './sweep';
