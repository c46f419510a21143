import { z } from 'zod';
import type { ValidationResult } from '../validators';
import { sessionSchema } from './auth';
import { endpoint } from './endpoint';
import { secondStepTicketField } from './two-step';

/**
 * Passkeys (WebAuthn). The ceremonies' options and answers keep the W3C JSON names
 * (`PublicKeyCredentialCreationOptionsJSON`, `RegistrationResponseJSON` …), camelCase as the
 * browser's `toJSON()` writes them, so a client hands them to and from `navigator.credentials`
 * untouched; everything of our own is snake_case.
 */

/** How long a passkey's name may be, in characters. */
export const PASSKEY_NAME_MAX = 64;
/** How many passkeys one member may keep. */
export const PASSKEYS_MAX = 20;

const b64url = z
  .string({ error: 'errors.passkey_failed' })
  .max(16_384, { error: 'errors.passkey_failed' })
  .regex(/^[A-Za-z0-9_-]*$/, { error: 'errors.passkey_failed' });

const transport = z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);

const descriptorSchema = z.object({
  id: z.string(),
  type: z.literal('public-key'),
  transports: z.array(transport).optional(),
});

const userVerification = z.enum(['required', 'preferred', 'discouraged']);

/** What `passkey/register/options` answers, for `navigator.credentials.create`. */
export const passkeyCreationOptionsSchema = z.object({
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal('public-key') })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(descriptorSchema).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      userVerification: userVerification.optional(),
    })
    .optional(),
  hints: z.array(z.enum(['hybrid', 'security-key', 'client-device'])).optional(),
  attestation: z.enum(['none', 'indirect', 'direct', 'enterprise']).optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
});

/** What the sign-in and proof options answer, for `navigator.credentials.get`. */
export const passkeyRequestOptionsSchema = z.object({
  challenge: z.string(),
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(descriptorSchema).optional(),
  userVerification: userVerification.optional(),
  hints: z.array(z.enum(['hybrid', 'security-key', 'client-device'])).optional(),
});

const answerCommon = {
  id: b64url.min(1, { error: 'errors.passkey_failed' }),
  rawId: b64url.min(1, { error: 'errors.passkey_failed' }),
  type: z.literal('public-key', { error: 'errors.passkey_failed' }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional().catch(undefined),
  clientExtensionResults: z
    .object({ credProps: z.object({ rk: z.boolean().optional() }).optional() })
    .catch({}),
};

/** The browser's `RegistrationResponseJSON`. */
export const passkeyRegistrationAnswerSchema = z.object(
  {
    ...answerCommon,
    response: z.object(
      {
        clientDataJSON: b64url,
        attestationObject: b64url,
        authenticatorData: b64url.optional(),
        transports: z.array(z.string().max(32)).max(16).optional(),
        publicKeyAlgorithm: z.number().int().optional(),
        publicKey: b64url.optional(),
      },
      { error: 'errors.passkey_failed' },
    ),
  },
  { error: 'errors.passkey_failed' },
);

/** The browser's `AuthenticationResponseJSON`. */
export const passkeyAuthenticationAnswerSchema = z.object(
  {
    ...answerCommon,
    response: z.object(
      {
        clientDataJSON: b64url,
        authenticatorData: b64url,
        signature: b64url,
        userHandle: b64url.optional(),
      },
      { error: 'errors.passkey_failed' },
    ),
  },
  { error: 'errors.passkey_failed' },
);

/** The app's check of a passkey's name, the same as the server's (`passkeyNameField`). */
export function validatePasskeyName(value: string | null | undefined): ValidationResult {
  const name = (value ?? '').trim();
  if (!name) return 'validation.passkey_name_required';
  return name.length > PASSKEY_NAME_MAX ? 'validation.passkey_name_too_long' : null;
}

export const passkeyNameField = z
  .string({ error: 'validation.passkey_name_required' })
  .trim()
  .min(1, { error: 'validation.passkey_name_required' })
  .max(PASSKEY_NAME_MAX, { error: 'validation.passkey_name_too_long' })
  .describe('The name the member gives the passkey, e.g. the device it lives on');

const passkeyIdField = z
  .number({ error: 'errors.passkey_not_found' })
  .int({ error: 'errors.passkey_not_found' })
  .positive({ error: 'errors.passkey_not_found' });

export const passkeySchema = z.object({
  id: z.number(),
  name: z.string(),
  created_at: z.number(),
  last_used_at: z.number().nullable().describe('When it last signed in or proved the member; null: never'),
  device_type: z
    .enum(['single_device', 'multi_device'])
    .describe('multi_device: the passkey may be synced to the member’s other devices'),
  backed_up: z.boolean(),
});
export type Passkey = z.output<typeof passkeySchema>;

export const passkeyRegisterOptions = endpoint({
  base: 'api',
  path: 'passkey/register/options',
  auth: 'required',
  summary:
    'Start adding a passkey: the creation options (a single-use challenge, 5 minutes). Needs a fresh proof (errors.fresh_proof_needed)',
  payload: z.object({}),
  data: z.object({ options: passkeyCreationOptionsSchema }),
});

export const passkeyRegister = endpoint({
  base: 'api',
  path: 'passkey/register',
  auth: 'required',
  summary:
    "Finish adding a passkey with the browser's answer. When it is the member's first second step, the answer carries ten recovery codes, shown once",
  payload: z.object({ response: passkeyRegistrationAnswerSchema, name: passkeyNameField }),
  data: z.object({
    passkey: passkeySchema,
    recovery_codes: z.array(z.string()).nullable(),
  }),
});

export const passkeyList = endpoint({
  base: 'api',
  path: 'passkey/list',
  methods: ['POST', 'GET'],
  auth: 'required',
  summary: "The caller's passkeys, newest first",
  payload: z.object({}),
  data: z.object({ list: z.array(passkeySchema) }),
});

export const passkeyRename = endpoint({
  base: 'api',
  path: 'passkey/rename',
  auth: 'required',
  summary: "Rename one of the caller's passkeys",
  payload: z.object({ id: passkeyIdField, name: passkeyNameField }),
  data: z.object({ passkey: passkeySchema }),
});

export const passkeyRemove = endpoint({
  base: 'api',
  path: 'passkey/remove',
  auth: 'required',
  summary:
    "Remove one of the caller's passkeys (needs a fresh proof). Removing the last one with no authenticator app turns two-step sign-in off",
  payload: z.object({ id: passkeyIdField }),
  data: z.null(),
});

export const passkeySignInOptions = endpoint({
  base: 'api',
  path: 'passkey/sign/in/options',
  auth: 'none',
  summary:
    "Start signing in with a passkey. With a log-in's second-step ticket: that member's passkeys; without: any passkey the device holds for this site (user verification required)",
  payload: z.object({ ticket: secondStepTicketField.optional() }),
  data: z.object({ options: passkeyRequestOptionsSchema }),
});

export const passkeySignIn = endpoint({
  base: 'api',
  path: 'passkey/sign/in',
  auth: 'none',
  summary:
    "Sign in with the browser's passkey answer: as the second step of a log-in (with its ticket), or with no password at all",
  payload: z.object({
    response: passkeyAuthenticationAnswerSchema,
    ticket: secondStepTicketField.optional(),
  }),
  data: sessionSchema,
});

export const passkeyProofOptions = endpoint({
  base: 'api',
  path: 'passkey/proof/options',
  auth: 'required',
  summary: "Start proving it's the member with one of their passkeys (for a fresh proof)",
  payload: z.object({}),
  data: z.object({ options: passkeyRequestOptionsSchema }),
});

export const passkeyProof = endpoint({
  base: 'api',
  path: 'passkey/proof',
  auth: 'required',
  summary: "Prove it's the member with a passkey: this session counts as freshly proven for 10 minutes",
  payload: z.object({ response: passkeyAuthenticationAnswerSchema }),
  data: z.null(),
});

export const passkeysEndpoints = {
  passkeyRegisterOptions,
  passkeyRegister,
  passkeyList,
  passkeyRename,
  passkeyRemove,
  passkeySignInOptions,
  passkeySignIn,
  passkeyProofOptions,
  passkeyProof,
} as const;
