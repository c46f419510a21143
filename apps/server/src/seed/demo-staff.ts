import { recordModAction } from '../features/mod-log/public';
import type { Seeder } from './index';

/**
 * The demo world's staff (docs/internals/staff-and-sanctions.md#demo-staff): `glitchgwen` is an
 * administrator and `modchipmo` a moderator of every topic, so the desk can be tried at once.
 * Given as the operators give roles: logged with no moderator.
 */
export const DEMO_STAFF = [
  { username: 'glitchgwen', role: 'admin' },
  { username: 'modchipmo', role: 'moderator' },
] as const;

export const seedDemoStaff: Seeder = {
  name: 'demo-staff',
  async run(db, { now }) {
    for (const { username, role } of DEMO_STAFF) {
      const member = await db
        .selectFrom('users')
        .select(['id', 'role'])
        .where('username', '=', username)
        .where('status', '=', 'active')
        .executeTakeFirst();
      // A database whose demo members were changed or erased keeps what its operators decided.
      if (member?.role !== 'member') continue;
      await db.updateTable('users').set({ role, role_granted_at: now }).where('id', '=', member.id).execute();
      await recordModAction(
        db,
        {
          moderatorId: null,
          action: 'grant_role',
          targetType: 'user',
          targetId: Number(member.id),
          subjectUserId: Number(member.id),
          reason: '',
        },
        now,
      );
    }
  },
};
