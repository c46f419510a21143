import { z } from 'zod';
import { IMAGE_MAX_BYTES } from '../constants';
import { endpoint } from './endpoint';

export const AVATAR_SIZE = 256;

export const uploadedFileSchema = z.object({
  url: z.string().describe('Where the file is served, under the upload host'),
  sha256: z.string(),
  mime: z.string(),
  bytes: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});

/** Post images are scaled to fit this box (never up), keeping their proportions. */
export const POST_IMAGE_MAX_SIDE = 2048;

/**
 * Multipart, fields `file` and `app` (docs/product/calls-and-host.md#uploads). Both apps take a JPEG, PNG, GIF or WebP, checked
 * by content: `app=images` stores a square WebP thumbnail (avatars, topic icons), `app=post_images`
 * a WebP of the whole picture within POST_IMAGE_MAX_SIDE. The only way to a picture shown inline;
 * within the picture limits (docs/product/limits-and-errors.md#limits), 30 a minute per member.
 */
export const uploadFile = endpoint({
  base: 'upload',
  path: 'upload/file',
  auth: 'required',
  summary: 'Upload an image as multipart/form-data (fields: file, app=images or app=post_images)',
  payload: z.object({ app: z.enum(['images', 'post_images']).describe('What the file is for') }),
  data: uploadedFileSchema,
  multipart: {
    file: `The image: JPEG, PNG, GIF or WebP, checked by content; at most ${IMAGE_MAX_BYTES / (1024 * 1024)} MB`,
  },
});

/**
 * The big-file upload (`upload/big`, docs/product/calls-and-host.md#uploads): the tus 1.0 resumable protocol under
 * `/upload/upload/big`, for any file up to UPLOAD_MAX_BYTES. Send `Authorization` on every
 * request and the metadata `filename`; the last PATCH answers the envelope with `bigUploadSchema`
 * as its data (also in the `Upload-Result` header, base64 JSON).
 */
export const UPLOAD_BIG_PATH = 'upload/big';

export const bigUploadSchema = z.object({
  sha256: z.string(),
  name: z.string(),
  mime: z.string().describe('The type it will be served with (a safe one)'),
  bytes: z.number().int(),
});
export type BigUpload = z.output<typeof bigUploadSchema>;

/**
 * `GET /upload/download/file?id=<file id>&key=<access key>`: a post's attached file, counted, with
 * HTTP Range and `Content-Disposition: attachment`. The address comes in the post's `files[].url`,
 * only to readers who may see the files.
 */
export const DOWNLOAD_FILE_PATH = 'download/file';

export const uploadsEndpoints = { uploadFile } as const;
