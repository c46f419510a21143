import { openDatabase } from '@pixelhall/server/src/db/database';
import { sessionsRepo } from '@pixelhall/server/src/features/sessions/repo';
import { hashToken, sessionsService } from '@pixelhall/server/src/features/sessions/service';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** An iPhone Safari's user agent: the app then says `x-device-type: iphone` (contract headers.ts). */
export const IPHONE_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/**
 * Two more devices the member with `token` is signed in on, as the list shows them: an iPhone
 * since two days, seen three hours ago, and a browser that sent no device type, since a month,
 * seen six days ago (over IPv6). For pictures and audits of the signed-in devices list.
 */
export async function stageOtherDevices(databaseUrl: string, token: string): Promise<void> {
  const database = openDatabase(databaseUrl);
  try {
    const { user_id: userId } = await database.db
      .selectFrom('sessions')
      .select('user_id')
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow();
    const sessions = sessionsService({
      repo: sessionsRepo(database.db),
      policy: { idleMs: 60 * DAY, maxMs: 60 * DAY },
    });
    const now = Date.now();
    const devices = [
      {
        origin: { deviceType: 'iphone', appVersion: '1.8.6', address: '203.0.113.24' },
        began: 2 * DAY,
        seen: 3 * HOUR,
      },
      {
        origin: { deviceType: null, appVersion: '1.8.5', address: '2001:db8:85a3:8d3:1319:8a2e:370:7348' },
        began: 30 * DAY,
        seen: 6 * DAY,
      },
    ];
    for (const device of devices) {
      const { sessionId } = await sessions.create(Number(userId), device.origin);
      await database.db
        .updateTable('sessions')
        .set({ created_at: now - device.began, last_used_at: now - device.seen })
        .where('id', '=', sessionId)
        .execute();
    }
  } finally {
    await database.close();
  }
}
