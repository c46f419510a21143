import { z } from 'zod';
import { endpoint } from './endpoint';

/*
 * Deleting one's account (docs/product/accounts-and-sessions.md, "Deleting an account"): the
 * member asks, behind a fresh proof; the account is erased ACCOUNT_DELETION_GRACE_DAYS later
 * unless they take it back meanwhile. Signing in during those days shows `deletion_due_at` in the
 * member's own profile (`userSchema`), so the app can offer to keep the account.
 */

/** How long a member has to change their mind. */
export const ACCOUNT_DELETION_GRACE_DAYS = 30;
export const ACCOUNT_DELETION_GRACE_MS = ACCOUNT_DELETION_GRACE_DAYS * 24 * 60 * 60 * 1000;

/**
 * The confirmation a member types: their own user name, compared regardless of case and of
 * spaces around it, so a tap alone (or a replayed body naming nobody) never asks for deletion.
 */
export function deletionConfirmationMatches(typed: string | null | undefined, username: string): boolean {
  return (typed ?? '').trim().toLowerCase() === username.toLowerCase();
}

export const accountDeletionSchema = z.object({
  deletion_requested_at: z
    .number()
    .int()
    .nullable()
    .describe('When the member asked, epoch ms; null: not asked'),
  deletion_due_at: z
    .number()
    .int()
    .nullable()
    .describe('When the account will be erased, epoch ms; null: it will not be'),
});
export type AccountDeletion = z.output<typeof accountDeletionSchema>;

export const deleteAccount = endpoint({
  base: 'api',
  path: 'account/delete',
  auth: 'required',
  summary:
    "Ask for the caller's account to be erased in 30 days; needs a fresh proof and signs out every other session. " +
    'Asking again while it is pending keeps the first date.',
  payload: z.object({
    confirm: z
      .string({ error: 'errors.deletion_confirm_mismatch' })
      .max(64, { error: 'errors.deletion_confirm_mismatch' })
      .describe("The caller's user name, typed to confirm"),
  }),
  data: accountDeletionSchema,
});

export const cancelAccountDeletion = endpoint({
  base: 'api',
  path: 'account/delete/cancel',
  auth: 'required',
  summary: "Keep the caller's account: takes back a pending deletion (answers the same when none is pending)",
  payload: z.object({}),
  data: accountDeletionSchema,
});

export const accountDeletionEndpoints = { deleteAccount, cancelAccountDeletion } as const;
