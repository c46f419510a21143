import { randomBytes } from 'node:crypto';
import { openDatabase } from '@pixelhall/server/src/db/database';
import { hashToken } from '@pixelhall/server/src/features/sessions/service';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';

const DAY = 86_400_000;

/**
 * The app's own address on `localhost` rather than 127.0.0.1: WebAuthn needs a secure context
 * and a domain as the relying party ID, and an IP address is none (docs/internals/passkeys.md).
 */
export const onLocalhost = (url: string): string => url.replace('//127.0.0.1:', '//localhost:');

/**
 * Chromium's virtual authenticator (the DevTools protocol's `WebAuthn` domain) on this page: a
 * phone's platform authenticator that keeps discoverable credentials and verifies its user at once.
 */
export async function addVirtualAuthenticator(
  context: BrowserContext,
  page: Page,
): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/**
 * Two passkeys of the member with `token`, as the list shows them: a synced one added 40 days ago
 * and used 2 days ago, and a security key added 10 days ago and never used. Rows only, for
 * pictures and audits; the ceremonies themselves are e2e/passkeys.e2e.ts's.
 */
export async function stagePasskeys(databaseUrl: string, token: string): Promise<void> {
  const database = openDatabase(databaseUrl);
  try {
    const { user_id: userId } = await database.db
      .selectFrom('sessions')
      .select('user_id')
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow();
    const now = Date.now();
    const handle = randomBytes(32).toString('base64url');
    const rows = [
      { name: 'iPhone', device_type: 'multiDevice', backed_up: 1, added: 40 * DAY, used: 2 * DAY },
      { name: 'YubiKey 5C', device_type: 'singleDevice', backed_up: 0, added: 10 * DAY, used: null },
    ];
    for (const row of rows) {
      await database.db
        .insertInto('passkeys')
        .values({
          user_id: Number(userId),
          credential_id: randomBytes(16).toString('base64url'),
          public_key: randomBytes(77).toString('base64url'),
          user_handle: handle,
          counter: 0,
          transports: row.device_type === 'multiDevice' ? 'internal,hybrid' : 'usb,nfc',
          device_type: row.device_type,
          backed_up: row.backed_up,
          name: row.name,
          created_at: now - row.added,
          last_used_at: row.used === null ? null : now - row.used,
        })
        .execute();
    }
  } finally {
    await database.close();
  }
}
