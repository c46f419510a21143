import { availableParallelism } from 'node:os';
import { AVATAR_SIZE, POST_IMAGE_MAX_SIDE } from '@pixelhall/contract';
import sharp, { type Metadata } from 'sharp';
import { fail } from '../../http/app-error';

/** What an uploaded image is for (the `app` field). */
export type ImageApp = 'images' | 'post_images';

/** What upload/file accepts, by the format sharp reads from the bytes (never the name). */
const IMAGE_FORMATS = new Set(['jpeg', 'png', 'gif', 'webp']);
/** Formats that may hold several frames: a post's animated picture stays animated. */
const ANIMATED_FORMATS = new Set(['gif', 'webp']);
const THUMBNAIL_QUALITY = 82;
const POST_IMAGE_QUALITY = 85;

/**
 * The most one picture may cost, checked on its header before a pixel of it is decoded
 * (docs/product/limits-and-errors.md#limits).
 */
export const PICTURE_LIMITS = {
  /**
   * Pixels of one frame: a small file can claim a huge canvas (a decompression bomb). 50 MP still
   * takes any phone's photo.
   */
  maxPixels: 50_000_000,
  /**
   * An animation is decoded and encoded again frame by frame, so it costs all its frames' pixels:
   * 1,900 frames in 425 KB took 3.7 s of CPU. 20 MP is 150 frames of 480×270.
   */
  maxAnimationPixels: 20_000_000,
  maxFrames: 300,
} as const;

const megapixels = (pixels: number) => pixels / 1_000_000;

export interface Picture {
  data: Buffer;
  width: number;
  height: number;
  size: number;
}

/**
 * Re-encodes at most this many pictures at once in the process. sharp works on libuv's thread
 * pool (4 threads), where file reads and the health check wait too; more at once would not finish
 * sooner on the same cores.
 */
const AT_ONCE = Math.max(1, Math.floor(availableParallelism() / 2));
let running = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running < AT_ONCE) running += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    // The turn passes straight to the next in line, or is given back.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/** The header, read without decoding: format, one frame's size and how many frames. */
async function headerOf(data: Buffer): Promise<Metadata> {
  try {
    // No pixel limit for the header: the budget below says what is wrong with a huge canvas.
    return await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    throw fail('errors.image_required');
  }
}

/** Refuses a picture over the budget from its header alone; answers whether it is decoded animated. */
function assertWithinBudget(header: Metadata, app: ImageApp): boolean {
  const { format, width, pages = 1 } = header;
  const height = header.pageHeight ?? header.height;
  if (!format || !IMAGE_FORMATS.has(format) || !width || !height) throw fail('errors.image_required');
  const frame = width * height;
  if (frame > PICTURE_LIMITS.maxPixels) {
    throw fail('errors.image_too_many_pixels', { megapixels: megapixels(PICTURE_LIMITS.maxPixels) });
  }
  // A thumbnail is made of the first frame alone.
  const animated = app === 'post_images' && ANIMATED_FORMATS.has(format) && pages > 1;
  if (animated && (pages > PICTURE_LIMITS.maxFrames || frame * pages > PICTURE_LIMITS.maxAnimationPixels)) {
    throw fail('errors.animation_too_large', {
      frames: PICTURE_LIMITS.maxFrames,
      megapixels: megapixels(PICTURE_LIMITS.maxAnimationPixels),
    });
  }
  return animated;
}

/**
 * THE picture pipeline: the only way a file becomes a picture shown inline. The image is checked
 * by content and against PICTURE_LIMITS, then re-encoded as WebP, turned upright by its EXIF
 * orientation, which drops its metadata (location and all): `images` (avatars, icons) as a square
 * thumbnail cropped to fill, `post_images` as the whole picture fitted inside POST_IMAGE_MAX_SIDE,
 * never enlarged, an animation kept animated.
 */
export async function reencode(data: Buffer, app: ImageApp): Promise<Picture> {
  const animated = assertWithinBudget(await headerOf(data), app);
  // The header's figures are checked again as the pixels are read: the decoder keeps to them.
  const limitInputPixels = animated ? PICTURE_LIMITS.maxAnimationPixels : PICTURE_LIMITS.maxPixels;
  return inTurn(async () => {
    try {
      if (app === 'images') {
        const { data: out, info } = await sharp(data, { limitInputPixels })
          .rotate()
          .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
          .webp({ quality: THUMBNAIL_QUALITY })
          .toBuffer({ resolveWithObject: true });
        return { data: out, width: info.width, height: info.height, size: info.size };
      }
      const { data: out, info } = await sharp(data, { limitInputPixels, animated })
        .rotate()
        .resize(POST_IMAGE_MAX_SIDE, POST_IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: POST_IMAGE_QUALITY })
        .toBuffer({ resolveWithObject: true });
      // An animation's frames are stacked in `height`; one frame is `pageHeight` tall.
      return { data: out, width: info.width, height: info.pageHeight ?? info.height, size: info.size };
    } catch {
      // A truncated or corrupt image passes the header check and fails here.
      throw fail('errors.image_required');
    }
  });
}
