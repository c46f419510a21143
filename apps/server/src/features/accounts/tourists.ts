import { randomInt } from 'node:crypto';

const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';

/** `visitor-` and 8 random base36 characters: fits the user-name rule, so reg/user can keep it. */
export function visitorUsername(): string {
  let suffix = '';
  for (let i = 0; i < 8; i += 1) suffix += BASE36[randomInt(BASE36.length)];
  return `visitor-${suffix}`;
}

/** Others see this name next to what a visitor does, so it says nothing but "a visitor". */
export function visitorNickname(): string {
  return `Visitor ${randomInt(1000, 10_000)}`;
}
