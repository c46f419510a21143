import { type InventoryItem, isMessageKey, type Prop, type PropKind } from '@pixelhall/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { fail } from '../../http/app-error';
import { answer } from '../../http/envelope';
import type { Member } from '../../http/request-context';
import type { Translate } from '../../i18n';
import { assertFullMember } from '../../shared/full-member';
import { assertMayWrite } from '../../shared/may-write';
import { grantExperience } from '../levels/public';
import { COLORS, type FirstPages, presentPost, STYLES } from '../posts/public';
import { postLegs, runOnce, walletRepo } from '../wallet/public';
import { propsRepo } from './repo';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

type PropRow = NonNullable<Awaited<ReturnType<ReturnType<typeof propsRepo>['find']>>>;

/** What a post prop does to the post, checked before a unit is spent on it. */
type PostEffect = { color: string } | { style: string } | { pinMs: number };

/** A whole, positive number from a prop's effect text (pin hours, experience points). */
function positiveEffect(prop: PropRow): number {
  const n = Number(prop.effect);
  if (!Number.isSafeInteger(n) || n <= 0)
    throw new Error(`prop ${prop.code} has a bad effect "${prop.effect}"`);
  return n;
}

function postEffectOf(prop: PropRow): PostEffect {
  switch (prop.kind) {
    case 'color':
      // Prop-only colours are what a prop is for; any level may wear them this way.
      if (!COLORS.some((c) => c.id === prop.effect)) throw fail('errors.style_unknown');
      return { color: prop.effect };
    case 'style':
      if (!STYLES.some((s) => s.id === prop.effect)) throw fail('errors.style_unknown');
      return { style: prop.effect };
    case 'pin':
      return { pinMs: positiveEffect(prop) * HOUR_MS };
    default:
      throw fail('errors.prop_for_self');
  }
}

/**
 * The props shop, members' inventories (lots, each with its own expiry) and using props: on
 * oneself (experience cards, use/prop) or on one's own post (posts/prop). Purchases are ledger
 * operations `buy:<member>:<request>`; uses are operations `use:<member>:<request>` without legs,
 * so a retried or doubled tap spends one unit, and answers what the first one did.
 */
export function propsService({
  db,
  clock,
  firstPages,
}: {
  db: Kysely<DB>;
  clock: () => number;
  /** Dropped after a prop changes a post: the general feeds' shared page 1 shows its look. */
  firstPages: FirstPages;
}) {
  const repo = propsRepo(db);
  const wallet = walletRepo(db);

  /** Names of catalog props in the reader's language; an operator's own prop keeps its English. */
  function present(row: PropRow, t: Translate): Prop {
    const name = `props.${row.code}.name`;
    const description = `props.${row.code}.description`;
    return {
      id: Number(row.id),
      code: row.code,
      name: isMessageKey(name) ? t(name) : row.name,
      description: isMessageKey(description) ? t(description) : row.description,
      kind: row.kind as PropKind,
      effect: row.effect,
      currency: row.currency,
      price: Number(row.price),
      shelf_days: row.shelf_days,
    };
  }

  async function inventory(userId: number, t: Translate, propId?: number): Promise<InventoryItem[]> {
    const now = clock();
    const held = await repo.inventory(userId, now, propId);
    const props = new Map(
      (await repo.byIds(held.map((h) => Number(h.prop_id)))).map((p) => [Number(p.id), p]),
    );
    const items: { order: [number, number]; item: InventoryItem }[] = [];
    for (const h of held) {
      const prop = props.get(Number(h.prop_id));
      if (!prop) continue;
      items.push({
        order: [prop.position, Number(prop.id)],
        item: {
          prop: present(prop, t),
          count: Number(h.count),
          expires_at: h.expires_at === null ? null : Number(h.expires_at),
        },
      });
    }
    return items.sort((a, b) => a.order[0] - b.order[0] || a.order[1] - b.order[1]).map((i) => i.item);
  }

  /** How many usable units of one prop the member has now. */
  async function remaining(userId: number, propId: number): Promise<number> {
    const [held] = await repo.inventory(userId, clock(), propId);
    return held ? Number(held.count) : 0;
  }

  async function findProp(id: number): Promise<PropRow> {
    const prop = await repo.find(id);
    if (!prop) throw fail('errors.prop_not_found');
    return prop;
  }

  return {
    async list(t: Translate) {
      return { list: (await repo.active()).map((p) => present(p, t)) };
    },

    inventory: async (member: Member, t: Translate) => {
      const list = await inventory(member.id, t);
      return { list, total: list.length, cursor: null };
    },

    async buy(member: Member, input: { prop_id: number; num: number; request_id: string }, t: Translate) {
      assertFullMember(member);
      const prop = await findProp(input.prop_id);
      if (prop.active !== 1) throw fail('errors.prop_not_found');
      const key = `buy:${member.id}:${input.request_id}`;
      const ref = { refType: 'prop', refId: Number(prop.id) };
      const now = clock();
      await runOnce(
        db,
        { key, userId: member.id, kind: 'prop_purchase', ...ref, params: { num: input.num } },
        now,
        async (trx) => {
          const cost = Number(prop.price) * input.num;
          await postLegs(
            trx,
            key,
            [{ userId: member.id, currency: prop.currency, amount: -cost, reason: 'prop_purchase', ...ref }],
            now,
          );
          await propsRepo(trx).addLot({
            userId: member.id,
            propId: Number(prop.id),
            count: input.num,
            expiresAt: prop.shelf_days === null ? null : now + prop.shelf_days * DAY_MS,
            operationKey: key,
            now,
          });
        },
        async () => undefined,
      );
      // Built alike for the purchase and its repeats: the lot this key bought, as things stand.
      const lot = await repo.lotOf(key);
      const propId = lot ? Number(lot.prop_id) : Number(prop.id);
      const [item] = await inventory(member.id, t, propId);
      const balances = await wallet.balances(member.id);
      if (!balances) throw fail('errors.user_not_found');
      return answer(
        {
          item: item ?? { prop: present(lot ? await findProp(propId) : prop, t), count: 0, expires_at: null },
          balances,
        },
        'economy.purchased',
      );
    },

    /** use/prop: props that act on the member (experience cards); post props go to posts/prop. */
    async use(member: Member, input: { prop_id: number; request_id: string }) {
      assertFullMember(member);
      const prop = await findProp(input.prop_id);
      if (prop.kind !== 'experience') throw fail('errors.prop_for_posts');
      const points = positiveEffect(prop);
      const key = `use:${member.id}:${input.request_id}`;
      const now = clock();
      await runOnce(
        db,
        { key, userId: member.id, kind: 'prop_use', refType: 'prop', refId: Number(prop.id) },
        now,
        async (trx) => {
          const tx = propsRepo(trx);
          if (!(await tx.takeOne(member.id, Number(prop.id), now))) throw fail('errors.lack_of_props');
          await tx.recordUse({
            userId: member.id,
            propId: Number(prop.id),
            postId: null,
            operationKey: key,
            now,
          });
          await grantExperience(trx, member.id, { key, source: 'prop', amount: points, now });
        },
        async () => undefined,
      );
      const used = await repo.useOf(key);
      const experience = await repo.experienceOf(member.id, key);
      return answer(
        {
          added: { gold: 0, diamonds: 0, experience },
          remaining: await remaining(member.id, used ? Number(used.prop_id) : Number(prop.id)),
        },
        'economy.prop_used',
      );
    },

    /** posts/prop: a colour, an upgrade style or a pin in its topic, on the member's own post. */
    async onPost(member: Member, input: { post_id: number; prop_id: number; request_id: string }) {
      assertMayWrite(member, clock());
      const post = await repo.post(input.post_id);
      if (!post) throw fail('errors.post_not_found');
      if (Number(post.user_id) !== member.id) throw fail('errors.not_author');
      const prop = await findProp(input.prop_id);
      if (prop.kind === 'experience') throw fail('errors.prop_for_self');
      const effect = postEffectOf(prop);
      const postId = Number(post.id);
      const key = `use:${member.id}:${input.request_id}`;
      const now = clock();
      await runOnce(
        db,
        {
          key,
          userId: member.id,
          kind: 'prop_use',
          refType: 'post',
          refId: postId,
          params: { prop_id: input.prop_id },
        },
        now,
        async (trx) => {
          const tx = propsRepo(trx);
          if (!(await tx.takeOne(member.id, Number(prop.id), now))) throw fail('errors.lack_of_props');
          await tx.recordUse({ userId: member.id, propId: Number(prop.id), postId, operationKey: key, now });
          const applied =
            'pinMs' in effect
              ? await tx.extendTopicPin(postId, effect.pinMs, now)
              : await tx.setLook(postId, effect, now);
          if (!applied) throw fail('errors.post_not_found');
        },
        async () => undefined,
      );
      await firstPages.clear();
      const used = await repo.useOf(key);
      const shown = await presentPost(db, member.id, Number(used?.post_id ?? postId));
      if (!shown) throw fail('errors.post_not_found');
      return answer(
        { post: shown, remaining: await remaining(member.id, used ? Number(used.prop_id) : Number(prop.id)) },
        'economy.prop_used',
      );
    },
  };
}
export type PropsService = ReturnType<typeof propsService>;
