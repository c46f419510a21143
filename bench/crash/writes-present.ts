import type { DB } from '@pixelhall/server/src/db/schema';
import type { Kysely } from 'kysely';
import type { Ack, AckKind } from './journal';

type Of<K extends AckKind> = Extract<Ack, { kind: K }>;

/** Lists of ids in statements of a size both engines take. */
async function inChunks<T, R>(values: T[], read: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const rows: R[] = [];
  for (let i = 0; i < values.length; i += 500) rows.push(...(await read(values.slice(i, i + 500))));
  return rows;
}

const pair = (a: number | string, b: number | string) => `${a}:${b}`;

/**
 * Every acknowledged write, looked up in the database; answers one line per write that is not
 * there (or not as acknowledged). Money operations must also have their ledger legs.
 */
export async function missingWrites(db: Kysely<DB>, acks: Ack[], memberIds: number[]): Promise<string[]> {
  const of = <K extends AckKind>(kind: K) => acks.filter((a): a is Of<K> => a.kind === kind);
  const missing: string[] = [];

  const posts = of('post');
  const postRows = new Map(
    (
      await inChunks(
        posts.map((p) => p.postId),
        (ids) =>
          db.selectFrom('posts').select(['id', 'user_id', 'text', 'price']).where('id', 'in', ids).execute(),
      )
    ).map((r) => [Number(r.id), r]),
  );
  for (const p of posts) {
    const row = postRows.get(p.postId);
    if (!row || Number(row.user_id) !== p.userId || row.text !== p.text || Number(row.price) !== p.price)
      missing.push(`post ${p.postId} by member ${p.userId}`);
  }

  const comments = of('comment');
  const commentRows = new Map(
    (
      await inChunks(
        comments.map((c) => c.commentId),
        (ids) =>
          db
            .selectFrom('comments')
            .select(['id', 'post_id', 'user_id', 'text'])
            .where('id', 'in', ids)
            .execute(),
      )
    ).map((r) => [Number(r.id), r]),
  );
  for (const c of comments) {
    const row = commentRows.get(c.commentId);
    if (!row || Number(row.post_id) !== c.postId || Number(row.user_id) !== c.userId || row.text !== c.text)
      missing.push(`comment ${c.commentId} by member ${c.userId} on post ${c.postId}`);
  }

  const likes = new Set(
    (
      await db
        .selectFrom('post_likes')
        .select(['post_id', 'user_id'])
        .where('user_id', 'in', memberIds)
        .execute()
    ).map((r) => pair(r.post_id, r.user_id)),
  );
  for (const l of of('like'))
    if (!likes.has(pair(l.postId, l.userId))) missing.push(`like of post ${l.postId} by member ${l.userId}`);

  const follows = new Set(
    (
      await db
        .selectFrom('follows')
        .select(['follower_id', 'followee_id'])
        .where('follower_id', 'in', memberIds)
        .execute()
    ).map((r) => pair(r.follower_id, r.followee_id)),
  );
  for (const f of of('follow'))
    if (!follows.has(pair(f.userId, f.followeeId)))
      missing.push(`member ${f.userId} following ${f.followeeId}`);

  missing.push(...(await missingMoneyWrites(db, acks, memberIds)));
  return missing;
}

async function missingMoneyWrites(db: Kysely<DB>, acks: Ack[], memberIds: number[]): Promise<string[]> {
  const money = acks.filter((a) => 'key' in a);
  const legs = new Map<string, number>();
  for (const r of await inChunks([...new Set(money.map((a) => a.key))], (keys) =>
    db
      .selectFrom('ledger')
      .select(['operation_key', (eb) => eb.fn.countAll<number>().as('n')])
      .where('operation_key', 'in', keys)
      .groupBy('operation_key')
      .execute(),
  ))
    legs.set(r.operation_key, Number(r.n));

  const keysIn = async (table: 'user_props' | 'rewards', keys: string[]) =>
    new Set(
      (
        await inChunks(keys, (chunk) =>
          db.selectFrom(table).select('operation_key').where('operation_key', 'in', chunk).execute(),
        )
      ).map((r) => r.operation_key),
    );
  const lots = await keysIn(
    'user_props',
    money.filter((a) => a.kind === 'purchase').map((a) => a.key),
  );
  const rewards = await keysIn(
    'rewards',
    money.filter((a) => a.kind === 'level reward').map((a) => a.key),
  );
  const unlocks = new Set(
    (
      await db
        .selectFrom('post_unlocks')
        .select(['post_id', 'user_id'])
        .where('user_id', 'in', memberIds)
        .execute()
    ).map((r) => pair(r.post_id, r.user_id)),
  );
  const bets = new Map(
    (
      await inChunks(
        money.flatMap((a) => (a.kind === 'bet' ? [a.betId] : [])),
        (ids) => db.selectFrom('bets').select(['id', 'operation_key']).where('id', 'in', ids).execute(),
      )
    ).map((r) => [Number(r.id), r.operation_key]),
  );

  const whole = (a: (typeof money)[number], n: number): boolean => {
    switch (a.kind) {
      case 'purchase':
        return n === 1 && lots.has(a.key);
      case 'exchange':
        return n === 2;
      case 'level reward':
        return n >= 1 && rewards.has(a.key);
      case 'unlock':
        return n >= 2 && unlocks.has(pair(a.postId, a.userId));
      case 'bet':
        return n === 1 && bets.get(a.betId) === a.key;
    }
  };
  return money
    .filter((a) => !whole(a, legs.get(a.key) ?? 0))
    .map((a) => `${a.kind} ${a.key} (${legs.get(a.key) ?? 0} ledger rows)`);
}
