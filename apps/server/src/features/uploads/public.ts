/** What other features use of uploads: the file store, sending a stored file, and file addresses. */
export { attachmentDisposition, OCTET_STREAM } from './file-types';
export { sendStoredFile } from './send-file';
export { fileUrl } from './service';
export type { FileStore, ListedFile, StoreClaims } from './storage';
