import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { FileStore } from '../../features/uploads/storage';
import { type Canvas, encodeWebp } from '../art/canvas';
import {
  cartridgeShelf,
  circuitBoard,
  landscape,
  paletteCard,
  platformer,
  spriteSheet,
  trackerScope,
} from '../art/scenes';
import type { Random } from '../random';
import type { Art } from './types';

export interface StoredPicture {
  sha256: string;
  url: string;
  bytes: number;
  width: number;
  height: number;
}

/** A post picture's art at its drawn size, and how much it is scaled up (768×512 for scenes). */
export function drawArt(rnd: Random, art: Art): { canvas: Canvas; scale: number } {
  switch (art.kind) {
    case 'landscape':
      return { canvas: landscape(rnd, art.mood), scale: 8 };
    case 'sprites':
      return { canvas: spriteSheet(rnd), scale: 8 };
    case 'palette':
      return { canvas: paletteCard(art.palette), scale: 6 };
    case 'platformer':
      return { canvas: platformer(rnd), scale: 8 };
    case 'board':
      return { canvas: circuitBoard(rnd), scale: 8 };
    case 'shelf':
      return { canvas: cartridgeShelf(rnd, art.count), scale: 8 };
    case 'scope':
      return { canvas: trackerScope(rnd), scale: 8 };
  }
}

/**
 * Pictures to store, collected while drawing (drawing consumes the seeded random, so it happens
 * in a fixed order), then encoded in parallel and stored the way upload/file stores an image:
 * WebP bytes in the content-addressed store, then an `uploads` row each once their owners exist.
 */
export class PictureBatch {
  private readonly pending: { canvas: Canvas; scale: number; owner: string | null }[] = [];
  private encoded: (StoredPicture & { owner: string | null })[] = [];

  /** Queues a picture drawn for `owner` (a username; null: the operator's); answers its index. */
  add(canvas: Canvas, scale: number, owner: string | null): number {
    return this.pending.push({ canvas, scale, owner }) - 1;
  }

  /** Encodes every queued picture and puts its bytes in the store; answers them by index. */
  async encode(files: FileStore): Promise<StoredPicture[]> {
    this.encoded = await Promise.all(
      this.pending.map(async ({ canvas, scale, owner }) => {
        const image = await encodeWebp(canvas, scale);
        const sha256 = await files.put(image.data);
        const url = `/upload/files/${sha256}.webp`;
        return { sha256, url, owner, bytes: image.data.length, width: image.width, height: image.height };
      }),
    );
    return this.encoded;
  }

  /**
   * The `uploads` rows; a picture stored before (same bytes) keeps its first row. Each member a
   * picture was drawn for is one of its uploaders (`upload_owners`).
   */
  async record(db: Kysely<DB>, idOf: (username: string) => number, now: number): Promise<void> {
    const rows = new Map(this.encoded.map((p) => [p.sha256, p]));
    if (rows.size === 0) return;
    await db
      .insertInto('uploads')
      .values(
        [...rows.values()].map((p) => ({
          sha256: p.sha256,
          mime: 'image/webp',
          bytes: p.bytes,
          width: p.width,
          height: p.height,
          owner_id: p.owner === null ? null : idOf(p.owner),
          picture: 1,
          created_at: now,
        })),
      )
      .onConflict((oc) => oc.column('sha256').doNothing())
      .execute();
    const owners = new Map(
      this.encoded.flatMap((p) => (p.owner === null ? [] : [[`${p.owner} ${p.sha256}`, p] as const])),
    );
    if (owners.size === 0) return;
    await db
      .insertInto('upload_owners')
      .values(
        [...owners.values()].map((p) => ({
          user_id: idOf(p.owner!),
          sha256: p.sha256,
          bytes: p.bytes,
          created_at: now,
        })),
      )
      .onConflict((oc) => oc.columns(['user_id', 'sha256']).doNothing())
      .execute();
  }
}
