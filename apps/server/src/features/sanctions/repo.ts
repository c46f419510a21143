import type { Executor } from '../../db/executor';

/**
 * A sanction is the member's row (status `banned`, or a suspension's end) plus its log entry:
 * changes here are conditional updates, so two moderators acting at once cannot both ban, nor
 * both lift, whatever the engine.
 */
export function sanctionsRepo(db: Executor) {
  return {
    /** A member who can be acted on (active or banned); erased, disabled and unknown ids are not. */
    async target(id: number) {
      const row = await db
        .selectFrom('users')
        .select([
          'id',
          'status',
          'suspended_until',
          'suspension_reason',
          'suspension_action_id',
          'ban_reason',
        ])
        .where('id', '=', id)
        .where('status', 'in', ['active', 'banned'])
        .executeTakeFirst();
      return (
        row && {
          id: Number(row.id),
          banned: row.status === 'banned',
          suspendedUntil: row.suspended_until === null ? null : Number(row.suspended_until),
          suspensionReason: row.suspension_reason,
          suspensionActionId: row.suspension_action_id === null ? null : Number(row.suspension_action_id),
          banReason: row.ban_reason,
        }
      );
    },

    /** Sets (or replaces) the suspension of an active member; false if they are not active. */
    async suspend(
      id: number,
      until: number,
      reason: string,
      actionId: number,
      now: number,
    ): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({
          suspended_until: until,
          suspension_reason: reason,
          suspension_action_id: actionId,
          updated_at: now,
        })
        .where('id', '=', id)
        .where('status', '=', 'active')
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Bans an active member; a running suspension is over (the ban says more). */
    async ban(id: number, reason: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({
          status: 'banned',
          ban_reason: reason,
          suspended_until: null,
          suspension_reason: null,
          suspension_action_id: null,
          updated_at: now,
        })
        .where('id', '=', id)
        .where('status', '=', 'active')
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Ends a ban or a running suspension; false when there was neither (or another lift won). */
    async lift(id: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({
          status: 'active',
          ban_reason: null,
          suspended_until: null,
          suspension_reason: null,
          suspension_action_id: null,
          updated_at: now,
        })
        .where('id', '=', id)
        .where((eb) =>
          eb.or([
            eb('status', '=', 'banned'),
            eb.and([eb('status', '=', 'active'), eb('suspended_until', '>', now)]),
          ]),
        )
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}
