import {
  ACHIEVEMENT_DISPLAY_MAX,
  ACHIEVEMENT_METRICS,
  type Achievement,
  expiredCodeFor,
  isMessageKey,
} from '@pixelhall/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError, fail } from '../../http/app-error';
import { answer } from '../../http/envelope';
import type { Member } from '../../http/request-context';
import type { Translate } from '../../i18n';
import { assertMayWrite } from '../../shared/may-write';
import { type AchievementMetric, grantAchievements, isMetric, metricValue, parseTiers } from './grant';
import { type AchievementRow, achievementsRepo } from './repo';

/** A member's earned tiers: achievement id → tier → when. */
type Earned = Map<number, Map<number, number>>;

/** Achievements as members see them: theirs (with a catch-up grant), others', the chosen few. */
export function achievementsService({ db, clock }: { db: Kysely<DB>; clock: () => number }) {
  const repo = achievementsRepo(db);

  async function earnedOf(userId: number): Promise<Earned> {
    const earned: Earned = new Map();
    for (const r of await repo.earned(userId)) {
      const id = Number(r.achievement_id);
      if (!earned.has(id)) earned.set(id, new Map());
      earned.get(id)!.set(Number(r.tier), Number(r.earned_at));
    }
    return earned;
  }

  async function valuesOf(userId: number, metrics: readonly string[]) {
    const values = new Map<string, number>();
    for (const m of new Set(metrics)) values.set(m, isMetric(m) ? await metricValue(db, userId, m) : 0);
    return values;
  }

  function present(
    a: AchievementRow,
    ctx: { earned: Earned; values: Map<string, number>; displayed: readonly number[]; t: Translate },
  ): Achievement {
    const id = Number(a.id);
    const mine = ctx.earned.get(id);
    const tiers = parseTiers(a.tiers).map((tier, i) => ({
      tier: i + 1,
      ...tier,
      earned_at: mine?.get(i + 1) ?? null,
    }));
    const text = (part: 'name' | 'description') => {
      const key = `achievements.${a.code}.${part}`;
      return isMessageKey(key) ? ctx.t(key) : part === 'name' ? a.code : '';
    };
    return {
      id,
      code: a.code,
      name: text('name'),
      description: text('description'),
      icon: a.icon,
      metric: isMetric(a.metric) ? a.metric : 'posts',
      value: ctx.values.get(a.metric) ?? 0,
      tier: mine ? Math.max(...mine.keys()) : 0,
      tiers,
      displayed: ctx.displayed.includes(id),
    };
  }

  async function presentFor(userId: number, rows: AchievementRow[], t: Translate) {
    const [earned, values, displayed] = await Promise.all([
      earnedOf(userId),
      valuesOf(
        userId,
        rows.map((r) => r.metric),
      ),
      repo.displayed(userId),
    ]);
    return rows.map((a) => present(a, { earned, values, displayed, t }));
  }

  return {
    /**
     * Also grants tiers already reached (members from before achievements, or seeded ones), and
     * names what that credited, so the member is told rather than finding the gold later.
     */
    async mine(member: Member, t: Translate) {
      const metrics: AchievementMetric[] = [...ACHIEVEMENT_METRICS];
      const caughtUp = member.isTourist
        ? []
        : await db.transaction().execute((trx) => grantAchievements(trx, member.id, metrics, clock()));
      const list = await presentFor(member.id, await repo.all(), t);
      const nameOf = new Map(list.map((a) => [a.id, a.name]));
      const granted = caughtUp.map((g) => ({
        achievement_id: g.achievementId,
        tier: g.tier,
        title: t('rewards.achievement', { name: nameOf.get(g.achievementId) ?? '', tier: g.tier }),
        gold: g.gold,
        diamonds: g.diamonds,
      }));
      return { list, granted };
    },

    async detail(viewer: Member | null, id: number, userId: number | undefined, t: Translate) {
      const subject = userId ?? viewer?.id;
      if (subject === undefined) throw new AppError('errors.not_logged_in', {}, expiredCodeFor('api'));
      const row = await repo.find(id);
      if (!row) throw fail('errors.achievement_not_found');
      if (subject !== viewer?.id && !(await repo.userExists(subject))) throw fail('errors.user_not_found');
      const [achievement] = await presentFor(subject, [row], t);
      return achievement!;
    },

    /** Replaces the profile's chosen achievements, in the order given; each must be earned. */
    async display(member: Member, ids: number[], t: Translate) {
      assertMayWrite(member, clock());
      const chosen = [...new Set(ids)].slice(0, ACHIEVEMENT_DISPLAY_MAX);
      const all = new Map((await repo.all()).map((a) => [Number(a.id), a]));
      const earned = await earnedOf(member.id);
      for (const id of chosen) {
        if (!all.has(id)) throw fail('errors.achievement_not_found');
        if (!earned.has(id)) throw fail('errors.achievement_not_earned');
      }
      await db.transaction().execute((trx) => achievementsRepo(trx).replaceDisplayed(member.id, chosen));
      const list = await presentFor(
        member.id,
        chosen.map((id) => all.get(id)!),
        t,
      );
      return answer({ list }, 'users.saved');
    },

    /** What a profile shows: the chosen ones, else the member's highest tiers. */
    async shown(userId: number, t: Translate) {
      if (!(await repo.userExists(userId))) throw fail('errors.user_not_found');
      const [rows, earned, chosen] = await Promise.all([
        repo.all(),
        earnedOf(userId),
        repo.displayed(userId),
      ]);
      const byId = new Map(rows.map((a) => [Number(a.id), a]));
      let pick = chosen.filter((id) => byId.has(id) && earned.has(id));
      if (pick.length === 0) {
        const top = (id: number) => Math.max(...earned.get(id)!.keys());
        pick = rows
          .map((a) => Number(a.id))
          .filter((id) => earned.has(id))
          .sort((a, b) => top(b) - top(a))
          .slice(0, ACHIEVEMENT_DISPLAY_MAX);
      }
      const list = await presentFor(
        userId,
        pick.map((id) => byId.get(id)!),
        t,
      );
      return { list, earned: rows.filter((a) => earned.has(Number(a.id))).length };
    },
  };
}
export type AchievementsService = ReturnType<typeof achievementsService>;
