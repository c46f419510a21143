import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { typeOfUpload } from '../../features/uploads/file-types';
import type { FileStore } from '../../features/uploads/storage';
import type { Random } from '../random';
import { demoFile } from './demo-files';
import type { People } from './people';
import type { StoredPicture } from './pictures';
import type { Art, CommentSpec, DemoFileKey, PostSpec } from './types';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface SeededPost {
  id: number;
  spec: PostSpec;
  authorId: number;
  createdAt: number;
}

export interface SeededComment {
  id: number;
  postId: number;
  authorId: number;
  /** The member a reply answers; null for a top-level comment. */
  replyToId: number | null;
  text: string;
  likes: number;
  createdAt: number;
}

/** A moment after `after` and before `now`: soon after, as replies usually come. */
export function later(rnd: Random, after: number, now: number): number {
  const room = now - after;
  return Math.round(after + Math.min(rnd.int(5 * MINUTE, 20 * HOUR), room * (0.2 + rnd.next() * 0.6)));
}

const PICTURE_NAMES: Record<Art['kind'], string> = {
  landscape: 'valley',
  sprites: 'monsters',
  palette: 'palette',
  platformer: 'level-mockup',
  board: 'board',
  shelf: 'shelf',
  scope: 'scope',
};

/** A download key, random like the ones create/posts makes: it guards paid posts' files too. */
const accessKey = () => randomBytes(16).toString('base64url');

export async function seedPosts(
  db: Kysely<DB>,
  {
    specs,
    pictures,
    people,
    topicIds,
    files,
    rnd,
    now,
  }: {
    specs: PostSpec[];
    /** Each post's pictures, in the order of `specs`. */
    pictures: StoredPicture[][];
    people: People;
    topicIds: Map<string, number>;
    files: FileStore;
    rnd: Random;
    now: number;
  },
): Promise<{ posts: SeededPost[]; comments: SeededComment[] }> {
  const posts: SeededPost[] = [];
  const comments: SeededComment[] = [];
  const stored = new Map<DemoFileKey, { sha256: string; name: string; mime: string; bytes: number }>();

  async function storeFile(key: DemoFileKey, ownerId: number) {
    const known = stored.get(key);
    if (known) return known;
    const file = demoFile(key, now);
    const sha256 = await files.put(file.data);
    const mime = typeOfUpload(file.name, file.data);
    await db
      .insertInto('uploads')
      .values({
        sha256,
        mime,
        bytes: file.data.length,
        width: null,
        height: null,
        owner_id: ownerId,
        created_at: now,
      })
      .onConflict((oc) => oc.column('sha256').doNothing())
      .execute();
    const entry = { sha256, name: file.name, mime, bytes: file.data.length };
    stored.set(key, entry);
    return entry;
  }

  async function addComment(
    spec: CommentSpec,
    post: SeededPost,
    parent: { id: number; rootId: number; depth: number; authorId: number; at: number } | null,
  ): Promise<void> {
    const authorId = people.idOf(spec.by);
    const at = later(rnd, parent?.at ?? post.createdAt, now);
    const depth = parent ? parent.depth + 1 : 0;
    const { id } = await db
      .insertInto('comments')
      .values({
        post_id: post.id,
        user_id: authorId,
        root_id: parent?.rootId ?? null,
        parent_id: parent?.id ?? null,
        depth,
        reply_to_user_id: parent?.authorId ?? null,
        text: spec.text,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const comment = Number(id);
    comments.push({
      id: comment,
      postId: post.id,
      authorId,
      replyToId: parent?.authorId ?? null,
      text: spec.text,
      likes: spec.likes ?? 0,
      createdAt: at,
    });
    const self = { id: comment, rootId: parent?.rootId ?? comment, depth, authorId, at };
    for (const reply of spec.replies ?? []) await addComment(reply, post, self);
  }

  for (const [i, spec] of specs.entries()) {
    const authorId = people.idOf(spec.by);
    const createdAt = now - Math.round(spec.hoursAgo * HOUR) - rnd.int(0, 20 * MINUTE);
    const { id } = await db
      .insertInto('posts')
      .values({
        user_id: authorId,
        topic_id: topicIds.get(spec.topic)!,
        text: spec.text,
        color: spec.color ?? null,
        style: spec.style ?? null,
        link: spec.link ?? null,
        price: spec.price ?? 0,
        pinned_at: spec.pinned ? later(rnd, createdAt, now) : null,
        share_count: spec.shares ?? 0,
        created_at: createdAt,
        updated_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const post: SeededPost = { id: Number(id), spec, authorId, createdAt };
    posts.push(post);

    const documents = [];
    for (const key of spec.files ?? []) documents.push(await storeFile(key, authorId));
    // The same demo file may go with several authors' posts: each is one of its uploaders.
    if (documents.length > 0)
      await db
        .insertInto('upload_owners')
        .values(
          documents.map((f) => ({ user_id: authorId, sha256: f.sha256, bytes: f.bytes, created_at: now })),
        )
        .onConflict((oc) => oc.columns(['user_id', 'sha256']).doNothing())
        .execute();
    const attached = [
      ...pictures[i]!.map((p, n) => ({
        sha256: p.sha256,
        name: `${PICTURE_NAMES[spec.images![n]!.kind]}-${n + 1}.webp`,
        mime: 'image/webp',
        bytes: p.bytes,
        is_image: 1,
        width: p.width,
        height: p.height,
      })),
      ...documents.map((f) => ({ ...f, is_image: 0, width: null, height: null })),
    ];
    if (attached.length > 0)
      await db
        .insertInto('post_files')
        .values(
          attached.map((f, position) => ({ ...f, post_id: post.id, position, access_key: accessKey() })),
        )
        .execute();
    for (const comment of spec.comments ?? []) await addComment(comment, post, null);
  }
  return { posts, comments };
}
