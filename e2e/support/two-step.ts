import { Secret, TOTP } from 'otpauth';

/** The code an authenticator app with `secret` shows `ahead` 30-second steps from now. */
export function totpCode(secret: string, ahead = 0): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + ahead * 30_000 });
}

async function post<T>(baseUrl: string, path: string, token: string, payload: object): Promise<T> {
  const response = await fetch(`${baseUrl}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(payload),
  });
  const envelope = (await response.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 1) throw new Error(`${path}: ${envelope.msg}`);
  return envelope.data;
}

/**
 * Turns an authenticator app on for the member of `token`, as the set-up sheet does; the session
 * must be fresh (just begun, or proven). Answers the secret and the ten recovery codes.
 */
export async function stageTotp(
  baseUrl: string,
  token: string,
): Promise<{ secret: string; codes: string[] }> {
  const { secret } = await post<{ secret: string }>(baseUrl, 'two/step/totp/setup', token, {});
  const { recovery_codes } = await post<{ recovery_codes: string[] }>(
    baseUrl,
    'two/step/totp/enable',
    token,
    {
      code: totpCode(secret),
    },
  );
  return { secret, codes: recovery_codes };
}

/** Proves the session with its password, so changes behind a fresh proof go ahead for 10 minutes. */
export function proveWithPassword(baseUrl: string, token: string, password: string): Promise<null> {
  return post(baseUrl, 'two/step/proof', token, { password });
}
