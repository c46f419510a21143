import { endpoints, MainCode, type Post, type Role } from '@pixelhall/contract';
import { describe, expect, it } from 'vitest';
import { platformShareOf } from '../src/features/posts/unlock';
import { claimOperation, postLegs } from '../src/features/wallet/public';
import { call } from './helper';
import { insertTopic } from './support/community';
import { assertLedgerBalanced, economyTestApp, legsOf } from './support/economy';
import type { Caller } from './support/social';

const mod = endpoints.moderation;
const p = endpoints.posts;

const t = economyTestApp();
const { ok, refused } = t;

const PRICE = 50;
const SHARE = PRICE - platformShareOf(PRICE);

async function staff(role: Exclude<Role, 'member'>): Promise<Caller> {
  const member = await t.member();
  await t.database.db.updateTable('users').set({ role }).where('id', '=', member.user.id).execute();
  return member;
}

/** A paid post, and buyers who each paid its price through pay/link. */
async function soldTo(author: Caller, buyers: number): Promise<{ post: Post; buyers: Caller[] }> {
  t.clock.advance(1000);
  const post = (
    await ok<Post>(
      p.createPost,
      { topic_id: await insertTopic(t.database), text: 'The full route, frame by frame.', price: PRICE },
      author,
    )
  ).data;
  const paid: Caller[] = [];
  for (let i = 0; i < buyers; i += 1) {
    const buyer = await t.member({ gold: PRICE });
    await ok(p.payLink, { id: post.id }, buyer);
    paid.push(buyer);
  }
  return { post, buyers: paid };
}

/** Every ledger row of refunds of one post (buyers, author and house legs). */
const refundRows = (postId: number) =>
  t.database.db
    .selectFrom('ledger')
    .select(['operation_key', 'user_id', 'amount', 'reason'])
    .where('ref_type', '=', 'post')
    .where('ref_id', '=', postId)
    .where('reason', 'in', ['post_refund', 'post_refund_returned'])
    .execute();

const unlocked = async (postId: number, who: Caller) =>
  !((await call(t.app, p.postDetail, { id: postId }, { token: who.token })).body.data as Post).locked;

describe('removing a paid post', () => {
  it('refunds every buyer the price; the author gives back their share as far as their gold goes', async () => {
    const moderator = await staff('moderator');
    const author = await t.member();
    const { post, buyers } = await soldTo(author, 3);
    for (const buyer of buyers) expect(await t.goldOf(buyer)).toBe(0);
    // The author spent all but part of one sale: the house covers what they cannot give back.
    const earned = await t.goldOf(author);
    const spend = earned - (SHARE + 7);
    await t.database.db.transaction().execute(async (trx) => {
      await claimOperation(
        trx,
        { key: `test-spend:${author.user.id}`, userId: author.user.id, kind: 'test' },
        t.clock.now,
      );
      await postLegs(
        trx,
        `test-spend:${author.user.id}`,
        [
          { userId: author.user.id, currency: 'gold', amount: -spend, reason: 'prop_purchase' },
          { userId: null, currency: 'gold', amount: spend, reason: 'prop_purchase' },
        ],
        t.clock.now,
      );
    });
    expect(await t.goldOf(author)).toBe(SHARE + 7);

    await ok(mod.modRemove, { target: 'post', id: post.id, reason: 'Stolen guide' }, moderator);
    for (const buyer of buyers) expect(await t.goldOf(buyer)).toBe(PRICE);
    expect(await t.goldOf(author)).toBe(0);
    const legs = await legsOf(t.database, `refund:${post.id}:${buyers[0]!.user.id}`);
    expect(legs.map((l) => [l.user_id, l.amount, l.reason])).toEqual([
      [buyers[0]!.user.id, PRICE, 'post_refund'],
      [author.user.id, -SHARE, 'post_refund'],
      [null, -(PRICE - SHARE), 'post_refund'],
    ]);
    const third = await legsOf(t.database, `refund:${post.id}:${buyers[2]!.user.id}`);
    expect(third.map((l) => [l.user_id, l.amount])).toEqual([
      [buyers[2]!.user.id, PRICE],
      [null, -PRICE],
    ]);
    await assertLedgerBalanced(t.database);
    // Nothing removed is for sale.
    const late = await t.member({ gold: PRICE });
    await refused(p.payLink, { id: post.id }, late, 'errors.mod_already_removed');
    expect(await t.goldOf(late)).toBe(PRICE);
  });

  it('on restore gives the author back what was taken, charges no buyer again, and refunds no one twice', async () => {
    const moderator = await staff('admin');
    const author = await t.member();
    const { post, buyers } = await soldTo(author, 2);
    const authorBefore = await t.goldOf(author);

    await ok(mod.modRemove, { target: 'post', id: post.id, reason: 'Checking' }, moderator);
    expect(await t.goldOf(author)).toBe(authorBefore - 2 * SHARE);
    await ok(mod.modRestore, { target: 'post', id: post.id, reason: 'It is fine' }, moderator);
    expect(await t.goldOf(author)).toBe(authorBefore);
    for (const buyer of buyers) {
      expect(await t.goldOf(buyer)).toBe(PRICE);
      expect(await unlocked(post.id, buyer)).toBe(true);
    }
    await assertLedgerBalanced(t.database);

    // A new buyer after the restore; then removed again: only they are refunded now.
    const newcomer = await t.member({ gold: PRICE });
    await ok(p.payLink, { id: post.id }, newcomer);
    await ok(mod.modRemove, { target: 'post', id: post.id, reason: 'Really stolen' }, moderator);
    expect(await t.goldOf(newcomer)).toBe(PRICE);
    for (const buyer of buyers) expect(await t.goldOf(buyer)).toBe(PRICE);
    expect(await t.goldOf(author)).toBe(authorBefore + SHARE - SHARE);
    await ok(mod.modRestore, { target: 'post', id: post.id }, moderator);
    expect(await t.goldOf(author)).toBe(authorBefore + SHARE);
    await ok(mod.modRemove, { target: 'post', id: post.id, reason: 'Third time' }, moderator);
    // Every buyer was refunded already: nothing moves, not even the author's share.
    expect(await t.goldOf(author)).toBe(authorBefore + SHARE);
    const rows = await refundRows(post.id);
    const refundsTo = (id: number) => rows.filter((r) => Number(r.user_id) === id && Number(r.amount) > 0);
    for (const buyer of [...buyers, newcomer]) expect(refundsTo(buyer.user.id)).toHaveLength(1);
    await assertLedgerBalanced(t.database);
  });

  it('refunds once when two moderators remove at once, ten times over', async () => {
    const [one, two] = [await staff('moderator'), await staff('admin')];
    for (let round = 0; round < 10; round += 1) {
      const author = await t.member();
      const { post, buyers } = await soldTo(author, 2);
      const answers = await Promise.all(
        [one, two].map((who) =>
          call(
            t.app,
            mod.modRemove,
            { target: 'post', id: post.id, reason: `Round ${round}` },
            { token: who.token },
          ),
        ),
      );
      expect(answers.filter((a) => a.body.code === MainCode.Success)).toHaveLength(1);
      expect(answers.filter((a) => a.body.code === MainCode.Fail)[0]?.body).toMatchObject({
        reason: 'errors.mod_already_removed',
      });
      for (const buyer of buyers) expect(await t.goldOf(buyer)).toBe(PRICE);
      const rows = await refundRows(post.id);
      expect(rows.filter((r) => Number(r.amount) === PRICE)).toHaveLength(2);
    }
    await assertLedgerBalanced(t.database);
  });

  it('refunds a purchase racing the removal, or refuses it: never a sale of a removed post', async () => {
    const moderator = await staff('moderator');
    for (let round = 0; round < 10; round += 1) {
      const author = await t.member();
      const { post } = await soldTo(author, 0);
      const buyer = await t.member({ gold: PRICE });
      const [bought] = await Promise.all([
        call(t.app, p.payLink, { id: post.id }, { token: buyer.token }),
        call(
          t.app,
          mod.modRemove,
          { target: 'post', id: post.id, reason: 'Race' },
          { token: moderator.token },
        ),
      ]);
      // Either the sale came first and was refunded, or the removal did and the sale was refused.
      expect(await t.goldOf(buyer)).toBe(PRICE);
      if (bought.body.code === MainCode.Success) expect(await refundRows(post.id)).not.toHaveLength(0);
      else expect(bought.body).toMatchObject({ reason: 'errors.mod_already_removed' });
    }
    await assertLedgerBalanced(t.database);
  });
});
