import sharp from 'sharp';

export interface ImageSize {
  width: number | null;
  height: number | null;
}

/**
 * Width and height read from an image's header, or nulls when it can't be read. An animation's
 * frames are stacked in `height`; one frame is `pageHeight` tall.
 */
export async function imageSizeOf(input: string | Buffer): Promise<ImageSize> {
  try {
    const { width, height, pageHeight } = await sharp(input).metadata();
    return { width: width ?? null, height: pageHeight ?? height ?? null };
  } catch {
    return { width: null, height: null };
  }
}
