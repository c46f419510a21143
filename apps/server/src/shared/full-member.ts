import { fail } from '../http/app-error';

/** For anything a visitor may not do (see the rules atop features/accounts/service.ts). */
export function assertFullMember(member: { isTourist: boolean }): void {
  if (member.isTourist) throw fail('errors.tourist_forbidden');
}
