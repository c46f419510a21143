import { z } from 'zod';
import { emailCodeField, emailField, passwordField, resetCodeField, usernameField } from '../validators';
import { endpoint } from './endpoint';
import { userSchema } from './users';

/** What register, login, tourist and the third-party calls answer. */
export const sessionSchema = z.object({
  token: z.string().describe('Bearer token for the Authorization header'),
  user: userSchema,
});

export const SECOND_STEP_METHODS = ['totp', 'recovery', 'passkey'] as const;
export type SecondStepMethod = (typeof SECOND_STEP_METHODS)[number];

/**
 * What a sign-in answers, instead of a session, for a member with a second step on: no token,
 * a ticket for `two/step/verify` (or a passkey's second step) and the ways the member can finish.
 */
export const secondStepSchema = z.object({
  second_step: z.object({
    ticket: z.string().describe('Single use, 10 minutes, at most 5 wrong codes'),
    methods: z.array(z.enum(SECOND_STEP_METHODS)).describe('The second steps this member can give'),
  }),
});
export type SecondStep = z.output<typeof secondStepSchema>;

/** A password or third-party sign-in: the session, or the second step it still needs. */
export const signInSchema = z.union([sessionSchema, secondStepSchema]);

export function isSecondStep(data: z.output<typeof signInSchema>): data is SecondStep {
  return 'second_step' in data;
}

const requiredPassword = z
  .string({ error: 'validation.password_required' })
  .min(1, { error: 'validation.password_required' });

export const register = endpoint({
  base: 'api',
  path: 'register',
  auth: 'none',
  summary:
    'Create an account and sign in; the address waits (pending_email) until the code mailed to it proves it. Answers alike whether or not the address is in use',
  payload: z.object({ username: usernameField, email: emailField, password: passwordField }),
  data: sessionSchema,
});

export const login = endpoint({
  base: 'api',
  path: 'login',
  auth: 'none',
  summary:
    'Sign in with a user name or e-mail address and a password; a member with a second step on gets second_step (a ticket for two/step/verify) instead of a session',
  payload: z.object({
    username: z
      .string({ error: 'validation.username_required' })
      .trim()
      .min(1, { error: 'validation.username_required' })
      .max(254)
      .describe('A user name or an e-mail address'),
    password: requiredPassword,
  }),
  data: signInSchema,
});

export const signOut = endpoint({
  base: 'api',
  path: 'sign/out',
  auth: 'required',
  summary: 'Revoke the token this call carries',
  payload: z.object({}),
  data: z.null(),
});

export const tourist = endpoint({
  base: 'api',
  path: 'tourist',
  auth: 'none',
  summary: 'Start a visitor (tourist) account; reg/user later turns it into a member',
  payload: z.object({}),
  data: sessionSchema,
});

export const regUser = endpoint({
  base: 'api',
  path: 'reg/user',
  auth: 'required',
  summary:
    "Turn the caller's visitor account into a full member, keeping everything it did; the address waits for its proof as with register",
  payload: z.object({ username: usernameField, email: emailField, password: passwordField }),
  data: z.object({ user: userSchema }),
});

export const sendMail = endpoint({
  base: 'api',
  path: 'send/mail',
  auth: 'none',
  summary: 'E-mail a password reset code; answers the same whether or not the address is known',
  payload: z.object({ email: emailField }),
  data: z.null(),
});

export const resetPwd = endpoint({
  base: 'api',
  path: 'reset/pwd',
  auth: 'none',
  summary: 'Set a new password with a mailed code (single use, 30 minutes); signs out every session',
  payload: z.object({
    email: emailField,
    code: resetCodeField,
    password: passwordField,
  }),
  data: z.null(),
});

export const resetEditPwd = endpoint({
  base: 'api',
  path: 'reset/edit/pwd',
  auth: 'required',
  summary: 'Change the password with the current one; other sessions are signed out',
  payload: z.object({ old_password: requiredPassword, password: passwordField }),
  data: z.null(),
});

export const verifyEmail = endpoint({
  base: 'api',
  path: 'verify/email',
  auth: 'required',
  summary:
    "Prove the caller's pending address with the mailed code: it becomes the account's, and other accounts' claims on it are dropped",
  payload: z.object({ code: emailCodeField }),
  data: z.object({ user: userSchema }),
});

export const sendVerifyMail = endpoint({
  base: 'api',
  path: 'verify/email/send',
  auth: 'required',
  summary: "Mail the code that proves the caller's pending address again; older codes stop working",
  payload: z.object({}),
  data: z.null(),
});

const idTokenPayload = {
  idToken: z
    .string({ error: 'errors.third_party_failed' })
    .min(20, { error: 'errors.third_party_failed' })
    .max(8192)
    .describe('An OpenID Connect ID token (a signed JWT)'),
};

export const thirdAuth = endpoint({
  base: 'api',
  path: 'third/auth',
  auth: 'optional',
  summary: 'Sign in with an ID token from a configured OpenID Connect provider (web flow)',
  payload: z.object({
    ...idTokenPayload,
    fromApp: z.string().trim().min(1).max(64).describe('The provider id the token comes from, e.g. "google"'),
  }),
  data: signInSchema,
});

export const thirdKreait = endpoint({
  base: 'api',
  path: 'third/kreait',
  auth: 'optional',
  summary: 'Sign in with a Firebase Authentication ID token (the project in FIREBASE_PROJECT_ID)',
  payload: z.object(idTokenPayload),
  data: signInSchema,
});

export const thirdLogin = endpoint({
  base: 'api',
  path: 'third/login',
  auth: 'optional',
  summary: "Sign in with an ID token the native shell obtained from a configured provider's SDK",
  payload: z.object({
    ...idTokenPayload,
    provider: z.string().trim().min(1).max(64).describe('The provider id, e.g. "google" or "apple"'),
  }),
  data: signInSchema,
});

export const providerSchema = z.object({
  id: z.string(),
  name: z.string().describe('What the sign-in button says'),
  issuer: z.string(),
  client_id: z.string().describe('The public client id for the browser flow (PKCE)'),
  scopes: z.string(),
});

export const thirdProviders = endpoint({
  base: 'api',
  path: 'third/providers',
  methods: ['POST', 'GET'],
  auth: 'none',
  summary: 'The configured OpenID Connect providers, for the sign-in buttons',
  payload: z.object({}),
  data: z.object({ list: z.array(providerSchema) }),
});

export const authEndpoints = {
  register,
  login,
  signOut,
  tourist,
  regUser,
  sendMail,
  resetPwd,
  resetEditPwd,
  verifyEmail,
  sendVerifyMail,
  thirdAuth,
  thirdKreait,
  thirdLogin,
  thirdProviders,
} as const;
