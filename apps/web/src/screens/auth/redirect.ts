/** Pages a signed-in person should not be sent back to: they would only ask to sign in again. */
const SIGN_IN_PAGES = /^\/(login|auth\/(third|register|retrievepassword|reset|secondstep))(?:[/?#]|$)/;

/**
 * The `redirect` query of /login, when it is a path inside the app: "/me/task?tab=daily" is kept;
 * "//evil.example", "/\evil.example", "https://…" and the sign-in pages themselves are not.
 */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value?.startsWith('/')) return null;
  if (value.startsWith('//') || value.startsWith('/\\')) return null;
  if (SIGN_IN_PAGES.test(value)) return null;
  return value;
}

/** Where a sign-in ends: the page the visitor was going to, else Me. */
export function afterSignIn(redirect: string | null | undefined): string {
  return safeRedirect(redirect) ?? '/me';
}
