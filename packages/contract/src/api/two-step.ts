import { z } from 'zod';
import type { ValidationResult } from '../validators';
import { sessionSchema } from './auth';
import { endpoint } from './endpoint';

/*
 * Two-step sign-in (docs/product/accounts-and-sessions.md, "Two-step sign-in"): an authenticator
 * app's codes (TOTP, RFC 6238) and single-use recovery codes; passkeys are in passkeys.ts. The
 * answers a log-in gives when a second step is on are in auth.ts (`secondStepSchema`).
 */

type Text = string | null | undefined;

/** An authenticator app's code: six digits, spaces forgiven (apps show "123 456"). */
export function normalizeTotpCode(value: Text): string {
  return (value ?? '').replace(/\s/g, '');
}

export function validateTotpCode(value: Text): ValidationResult {
  const code = normalizeTotpCode(value);
  if (!code) return 'validation.code_required';
  return /^\d{6}$/.test(code) ? null : 'validation.totp_code_format';
}

/**
 * A recovery code: ten base32 characters (50 random bits), handed out as `abcde-fgh23`, read
 * without regard to case, spaces or dashes.
 */
export function normalizeRecoveryCode(value: Text): string {
  return (value ?? '').replace(/[\s-]/g, '').toLowerCase();
}

export function validateRecoveryCode(value: Text): ValidationResult {
  const code = normalizeRecoveryCode(value);
  if (!code) return 'validation.code_required';
  return /^[a-z2-7]{10}$/.test(code) ? null : 'validation.recovery_code_format';
}

function rule(validate: (value: Text) => ValidationResult) {
  return (value: string, ctx: z.RefinementCtx) => {
    const key = validate(value);
    if (key) ctx.addIssue({ code: 'custom', message: key });
  };
}

export const totpCodeField = z
  .string({ error: 'validation.code_required' })
  .max(32, { error: 'validation.totp_code_format' })
  .superRefine(rule(validateTotpCode))
  .transform(normalizeTotpCode)
  .describe('The 6 digits the authenticator app shows now');

export const recoveryCodeField = z
  .string({ error: 'validation.code_required' })
  .max(64, { error: 'validation.recovery_code_format' })
  .superRefine(rule(validateRecoveryCode))
  .transform(normalizeRecoveryCode)
  .describe('One of the ten recovery codes, e.g. abcde-fgh23');

/** A log-in's second-step ticket; anything malformed reads as one that ran out. */
export const secondStepTicketField = z
  .string({ error: 'errors.second_step_expired' })
  .min(20, { error: 'errors.second_step_expired' })
  .max(128, { error: 'errors.second_step_expired' })
  .describe('The ticket a log-in answered in second_step');

/** Exactly one of `code` and `recovery_code`. */
function oneAnswer(p: { code?: string; recovery_code?: string }): boolean {
  return (p.code === undefined) !== (p.recovery_code === undefined);
}

export const twoStepStatusSchema = z.object({
  totp: z.boolean().describe('Whether an authenticator app is a second step'),
  recovery_codes_left: z.number().int().describe('Recovery codes not used yet'),
  passkeys: z.number().int().describe('Passkeys the member has registered'),
});
export type TwoStepStatus = z.output<typeof twoStepStatusSchema>;

const recoveryCodesSchema = z
  .array(z.string())
  .describe('Ten single-use recovery codes, shown this once: only their hashes are kept');

export const twoStepStatus = endpoint({
  base: 'api',
  path: 'two/step/status',
  methods: ['POST', 'GET'],
  auth: 'required',
  summary: "The caller's second steps: authenticator app, recovery codes left, passkeys",
  payload: z.object({}),
  data: twoStepStatusSchema,
});

export const totpSetup = endpoint({
  base: 'api',
  path: 'two/step/totp/setup',
  auth: 'required',
  summary:
    'Start setting up an authenticator app (needs a fresh proof): a new secret, its otpauth URI and QR code. Nothing changes until totp/enable confirms a code',
  payload: z.object({}),
  data: z.object({
    secret: z.string().describe('The secret in base32, for typing into the app'),
    uri: z.string().describe('The otpauth:// URI (issuer Pixelhall, label the user name)'),
    qr: z.string().describe('The URI as a QR code: an SVG data URL'),
  }),
});

export const totpEnable = endpoint({
  base: 'api',
  path: 'two/step/totp/enable',
  auth: 'required',
  summary:
    'Turn the authenticator app on with one current code; answers ten recovery codes, or null when the member already holds unused ones (they stay)',
  payload: z.object({ code: totpCodeField }),
  data: z.object({ recovery_codes: recoveryCodesSchema.nullable() }),
});

export const totpDisable = endpoint({
  base: 'api',
  path: 'two/step/totp/disable',
  auth: 'required',
  summary:
    'Turn the authenticator app off (needs a fresh proof); recovery codes go too when no passkey remains',
  payload: z.object({}),
  data: z.null(),
});

export const recoveryRegenerate = endpoint({
  base: 'api',
  path: 'two/step/recovery/regenerate',
  auth: 'required',
  summary: 'Ten new recovery codes (needs a fresh proof and a second step); the old ones stop working',
  payload: z.object({}),
  data: z.object({ recovery_codes: recoveryCodesSchema }),
});

export const secondStepVerify = endpoint({
  base: 'api',
  path: 'two/step/verify',
  auth: 'none',
  summary:
    "Finish a log-in that answered second_step: its ticket with the authenticator app's code or a recovery code. The ticket dies after 10 minutes or 5 wrong codes",
  payload: z
    .object({
      ticket: secondStepTicketField,
      code: totpCodeField.optional(),
      recovery_code: recoveryCodeField.optional(),
    })
    .refine(oneAnswer, { error: 'validation.second_step_answer' }),
  data: sessionSchema,
});

export const freshProofGive = endpoint({
  base: 'api',
  path: 'two/step/proof',
  auth: 'required',
  summary:
    'Prove it is still the member (password, authenticator code or recovery code): for 10 minutes this session may change what needs a fresh proof',
  payload: z
    .object({
      password: z.string().min(1, { error: 'validation.password_required' }).max(1024).optional(),
      code: totpCodeField.optional(),
      recovery_code: recoveryCodeField.optional(),
    })
    .refine((p) => [p.password, p.code, p.recovery_code].filter((v) => v !== undefined).length === 1, {
      error: 'validation.second_step_answer',
    }),
  data: z.null(),
});

export const twoStepEndpoints = {
  twoStepStatus,
  totpSetup,
  totpEnable,
  totpDisable,
  recoveryRegenerate,
  secondStepVerify,
  freshProofGive,
} as const;
