import { z } from 'zod';
import { endpoint } from './endpoint';

/** Image uploads are re-encoded; these are the kinds accepted, by content. */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const AVATAR_SIZE = 256;

export const uploadedFileSchema = z.object({
  url: z.string().describe('Where the file is served, under the upload host'),
  sha256: z.string(),
  mime: z.string(),
  bytes: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});

/**
 * Multipart, fields `file` and `app` (spec §7). `app=images` takes a JPEG, PNG, GIF or WebP,
 * checked by content, and stores a square WebP thumbnail for avatars.
 */
export const uploadFile = endpoint({
  base: 'upload',
  path: 'upload/file',
  auth: 'required',
  summary: 'Upload a file as multipart/form-data (fields: file, app=images)',
  payload: z.object({ app: z.enum(['images']).describe('What the file is for') }),
  data: uploadedFileSchema,
});

export const uploadsEndpoints = { uploadFile } as const;
