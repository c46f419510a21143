import {
  cleanFileName,
  IMAGE_MAX_BYTES,
  type MessageKey,
  POST_FILES_MAX,
  validateUploadSize,
} from '@pixelhall/contract';

/**
 * The files of a post being written, each uploading on its own. Images go to `upload/file`
 * (re-encoded and shown inline); anything else, and images too big or of a kind the image
 * upload does not take, goes to the resumable `upload/big` and is offered as a download.
 */
export type AttachmentRoute = 'image' | 'file';
export type AttachmentStatus = 'uploading' | 'done' | 'failed';

export interface Attachment {
  key: string;
  name: string;
  bytes: number;
  route: AttachmentRoute;
  status: AttachmentStatus;
  /** Bytes sent so far; `bytes` once done. */
  sent: number;
  /** What create/posts refers to the stored file by; set once done. */
  sha256: string | null;
  /** Why it failed, already in the interface language. */
  error: string | null;
}

export type AttachmentAction =
  | { type: 'add'; items: Attachment[] }
  | { type: 'progress'; key: string; sent: number }
  | { type: 'done'; key: string; sha256: string }
  | { type: 'failed'; key: string; error: string }
  | { type: 'retry'; key: string }
  | { type: 'remove'; key: string };

/** The kinds `upload/file` re-encodes. */
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

export function routeFor(file: { type: string; size: number }): AttachmentRoute {
  return IMAGE_TYPES.has(file.type) && file.size <= IMAGE_MAX_BYTES ? 'image' : 'file';
}

/** A picked file about to upload, listed under its name as the server will keep it. */
export function newAttachment(key: string, file: { name: string; type: string; size: number }): Attachment {
  return {
    key,
    name: cleanFileName(file.name),
    bytes: file.size,
    route: routeFor(file),
    status: 'uploading',
    sent: 0,
    sha256: null,
    error: null,
  };
}

/**
 * Which of the picked files may start uploading: each at most 500 MB (refused up front, before
 * a byte is sent), and no more than a post holds. `problem` is the first reason one was left out.
 */
export function admitFiles<F extends { size: number }>(
  current: readonly Attachment[],
  picked: readonly F[],
): { accepted: F[]; problem: { key: MessageKey; params?: Record<string, number> } | null } {
  const room = Math.max(0, POST_FILES_MAX - current.length);
  const fitting = picked.filter((file) => validateUploadSize(file.size) === null);
  const accepted = fitting.slice(0, room);
  let problem: { key: MessageKey; params?: Record<string, number> } | null = null;
  if (fitting.length < picked.length) problem = { key: 'validation.file_too_large' };
  else if (accepted.length < fitting.length)
    problem = { key: 'validation.max_number', params: { max: POST_FILES_MAX } };
  return { accepted, problem };
}

export function attachmentsReducer(state: Attachment[], action: AttachmentAction): Attachment[] {
  switch (action.type) {
    case 'add':
      return [...state, ...action.items];
    case 'remove':
      return state.filter((a) => a.key !== action.key);
    default:
      return state.map((a) => (a.key === action.key ? step(a, action) : a));
  }
}

function step(a: Attachment, action: Exclude<AttachmentAction, { type: 'add' | 'remove' }>): Attachment {
  switch (action.type) {
    case 'progress':
      // A late progress report must not pull a finished or failed upload back.
      return a.status === 'uploading' ? { ...a, sent: Math.min(Math.max(0, action.sent), a.bytes) } : a;
    case 'done':
      return { ...a, status: 'done', sent: a.bytes, sha256: action.sha256, error: null };
    case 'failed':
      return a.status === 'uploading' ? { ...a, status: 'failed', error: action.error } : a;
    case 'retry':
      return a.status === 'failed' ? { ...a, status: 'uploading', sent: 0, error: null } : a;
  }
}

/** Whole percent sent; an empty file is done at once. */
export function uploadPercent(a: Pick<Attachment, 'sent' | 'bytes' | 'status'>): number {
  if (a.status === 'done' || a.bytes === 0) return 100;
  return Math.min(99, Math.floor((a.sent / a.bytes) * 100));
}

export function isUploading(list: readonly Attachment[]): boolean {
  return list.some((a) => a.status === 'uploading');
}

export function hasFailed(list: readonly Attachment[]): boolean {
  return list.some((a) => a.status === 'failed');
}

/** The `files` of create/posts, in the order the member added them. */
export function attachedFiles(list: readonly Attachment[]): Array<{ sha256: string; name: string }> {
  return list.flatMap((a) => (a.status === 'done' && a.sha256 ? [{ sha256: a.sha256, name: a.name }] : []));
}
