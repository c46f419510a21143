import { randomInt } from 'node:crypto';
import { NICKNAME_MAX, USERNAME_RULE, validateEmail } from '@pixelhall/contract';
import type { IdClaims } from './verifier';

const USERNAME_MAX = 20;
/** When nothing in the token makes a usable name. */
const FALLBACK_USERNAME = 'player';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * The token's e-mail address, lower-cased, when the provider vouches for it. Apple sends
 * `email_verified` as the string "true", so both spellings count.
 */
export function verifiedEmail(claims: IdClaims): string | null {
  const email = text(claims.email);
  const verified = claims.email_verified === true || claims.email_verified === 'true';
  return verified && validateEmail(email) === null ? email.toLowerCase() : null;
}

/** Letters lose their accents ("José" → "Jose"); what the user-name rule forbids is dropped. */
function sanitise(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]/g, '')
    .slice(0, USERNAME_MAX);
}

/** The first usable name among the e-mail's local part, the preferred user name and the name. */
export function usernameBase(claims: IdClaims): string {
  const sources = [
    text(claims.email).split('@')[0] ?? '',
    text(claims.preferred_username),
    text(claims.name),
  ];
  for (const source of sources) {
    const name = sanitise(source);
    if (USERNAME_RULE.test(name)) return name;
  }
  return FALLBACK_USERNAME;
}

const withSuffix = (base: string, suffix: string) =>
  `${base.slice(0, USERNAME_MAX - suffix.length)}${suffix}`;

/** "pat", then "pat2" … "pat9", then random numbers: the first of these nobody has taken. */
export async function freeUsername(base: string, taken: (name: string) => Promise<boolean>): Promise<string> {
  const candidates = [base];
  for (let n = 2; n <= 9; n += 1) candidates.push(withSuffix(base, String(n)));
  for (let i = 0; i < 5; i += 1) candidates.push(withSuffix(base, String(randomInt(10, 1_000_000))));
  for (const candidate of candidates) if (!(await taken(candidate))) return candidate;
  // Practically unreachable; the insert's unique index has the last word either way.
  return candidates[candidates.length - 1]!;
}

/** The token's name, cut to the nickname limit, or else the user name. */
export function nicknameFrom(claims: IdClaims, username: string): string {
  const name = [...text(claims.name)].slice(0, NICKNAME_MAX).join('').trim();
  return name || username;
}
