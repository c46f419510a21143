import { z } from 'zod';
import { BET_AMOUNT_MAX, PASSWORD_MIN, POST_TEXT_MAX, UPLOAD_MAX_BYTES } from './constants';
import type { MessageKey } from './messages';

/**
 * Validators (docs/product/limits-and-errors.md#validation-messages). Each returns null when the value is valid, otherwise the message key of
 * the first rule it breaks, so forms and the server show the same words in every locale.
 */
export type ValidationResult = MessageKey | null;

type Text = string | null | undefined;

const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
// A quoted local part may hold any printable ASCII but no spaces: the form never allows them.
const QUOTED = '"(?:[\\x21\\x23-\\x5b\\x5d-\\x7e]|\\\\[\\x21-\\x7e])+"';
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';

/**
 * Local part (dot-atom or quoted string), "@", then either a domain whose top level has at least
 * two letters or a bracketed IPv4 literal such as `[192.168.0.1]`.
 */
export const EMAIL_PATTERN = new RegExp(
  `^(?:${ATOM}(?:\\.${ATOM})*|${QUOTED})@(?:(?:${LABEL}\\.)+[A-Za-z]{2,}|\\[(?:${OCTET}\\.){3}${OCTET}\\])$`,
);

function isBlank(value: Text): boolean {
  return value == null || value.trim() === '';
}

function required(key: MessageKey): (value: Text) => ValidationResult {
  return (value) => (isBlank(value) ? key : null);
}

/** Counts code points, stopping early: an emoji is one character, and a huge input costs little. */
function exceedsCodePoints(text: string, max: number): boolean {
  if (text.length <= max) return false; // never more code points than UTF-16 units
  let count = 0;
  for (const _ of text) if (++count > max) return true;
  return false;
}

/** Surrounding spaces are forgiven (they come from pasting); spaces inside are not. */
export function validateEmail(value: Text): ValidationResult {
  if (isBlank(value)) return 'validation.email_required';
  return EMAIL_PATTERN.test(value!.trim()) ? null : 'validation.email_format';
}

/** User names: 3–20 letters, digits, `.`, `_` or `-` (kept in sync with the register schema). */
export const USERNAME_RULE = /^[A-Za-z0-9._-]{3,20}$/;
export const NICKNAME_MAX = 24;
export const SIGNATURE_MAX = 100;

export function validateUsername(value: Text): ValidationResult {
  const text = (value ?? '').trim();
  if (!text) return 'validation.username_required';
  return USERNAME_RULE.test(text) ? null : 'validation.username_format';
}

/** Log-in takes a user name or an e-mail address: only required. */
export const validateLoginName = required('validation.username_required');

/** Passwords are taken as typed (no trimming); length counts code points. */
export function validatePassword(value: Text): ValidationResult {
  if (!value) return 'validation.password_required';
  return exceedsCodePoints(value, PASSWORD_MIN - 1) ? null : 'validation.password_min';
}

export function validateNickname(value: Text): ValidationResult {
  const text = (value ?? '').trim();
  if (!text) return 'validation.nickname_required';
  return [...text].length > NICKNAME_MAX ? 'validation.nickname_max' : null;
}

export function validateSignature(value: Text): ValidationResult {
  const text = (value ?? '').trim();
  if (!text) return 'validation.signature_required';
  return [...text].length > SIGNATURE_MAX ? 'validation.signature_max' : null;
}
export const validateName = required('validation.name_required');
export const validateReport = required('validation.report_required');

/** The text is stored trimmed, so the limit applies to the trimmed text. */
export function validatePostText(value: Text): ValidationResult {
  if (isBlank(value)) return 'validation.text_required';
  return exceedsCodePoints(value!.trim(), POST_TEXT_MAX) ? 'validation.text_too_long' : null;
}

/** Topic ids are positive integers; anything else (0 included) means none was chosen. */
export function validateTopicChoice(topicId: number | null | undefined): ValidationResult {
  return typeof topicId === 'number' && Number.isInteger(topicId) && topicId > 0
    ? null
    : 'validation.topic_required';
}

/** Fails closed: a size that is not a number is treated as too large. */
export function validateUploadSize(bytes: number): ValidationResult {
  return bytes <= UPLOAD_MAX_BYTES ? null : 'validation.file_too_large';
}

/**
 * A whole number from 1 to BET_AMOUNT_MAX. Strings (form fields) must be plain digits, so
 * "1e3", "1,000" and "1.0" are refused rather than guessed at.
 */
export function validateAmount(value: number | string): ValidationResult {
  let amount: number;
  if (typeof value === 'string') {
    const digits = value.trim();
    if (!/^\d+$/.test(digits)) return 'validation.amount_invalid';
    amount = Number(digits);
  } else {
    amount = value;
  }
  // An overlong digit string parses to Infinity: that is over the limit, not malformed.
  if (!(amount > 0) || (Number.isFinite(amount) && !Number.isInteger(amount))) {
    return 'validation.amount_invalid';
  }
  return amount > BET_AMOUNT_MAX ? 'validation.amount_max' : null;
}

/**
 * An absolute http(s) URL with a host. The scheme check runs on the text itself because the
 * URL parser forgives "http:example.com" and "https:///host"; whitespace inside is refused as a
 * typing mistake.
 */
export function validateUrl(value: Text): ValidationResult {
  const text = value?.trim() ?? '';
  if (!/^https?:\/\/[^\s/\\?#]\S*$/i.test(text)) return 'validation.url_invalid';
  try {
    const url = new URL(text);
    const webScheme = url.protocol === 'http:' || url.protocol === 'https:';
    return webScheme && url.hostname !== '' ? null : 'validation.url_invalid';
  } catch {
    return 'validation.url_invalid';
  }
}

/** For pickers: at least one item must be selected. */
export function validateSelection(items: readonly unknown[] | null | undefined): ValidationResult {
  return items && items.length > 0 ? null : 'validation.items_required';
}

/** For multi-field forms: every field must be filled in. */
export function validateComplete(values: readonly Text[]): ValidationResult {
  return values.some(isBlank) ? 'validation.content_incomplete' : null;
}

/** Runs a validator inside zod so the schema's only issue carries the validator's key. */
function rule<T>(validate: (value: T) => ValidationResult) {
  return (value: T, ctx: z.RefinementCtx) => {
    const key = validate(value);
    if (key) ctx.addIssue({ code: 'custom', message: key });
  };
}

export const emailField = z
  .string({ error: 'validation.email_required' })
  .trim()
  .superRefine(rule(validateEmail));

export const passwordField = z
  .string({ error: 'validation.password_required' })
  .superRefine(rule(validatePassword));

export const postTextField = z
  .string({ error: 'validation.text_required' })
  .trim()
  .superRefine(rule(validatePostText));

export const urlField = z.string({ error: 'validation.url_invalid' }).trim().superRefine(rule(validateUrl));

/** Accepts a number or a digit string (form input) and outputs the number. */
export const amountField = z
  .union([z.number(), z.string()], { error: 'validation.amount_invalid' })
  .superRefine(rule(validateAmount))
  .transform((value) => Number(value));

export const usernameField = z
  .string({ error: 'validation.username_required' })
  .trim()
  .superRefine(rule(validateUsername))
  .describe('3–20 letters, digits, dots, dashes or underscores; unique regardless of case');

export const nicknameField = z
  .string({ error: 'validation.nickname_required' })
  .trim()
  .superRefine(rule(validateNickname))
  .describe(`The name shown to others, at most ${NICKNAME_MAX} characters`);

export const signatureField = z
  .string({ error: 'validation.signature_required' })
  .trim()
  .superRefine(rule(validateSignature))
  .describe(`A short line about the member, at most ${SIGNATURE_MAX} characters`);

/** The password-reset code: the six digits of the e-mail. */
export function validateResetCode(value: Text): ValidationResult {
  const code = (value ?? '').trim();
  if (!code) return 'validation.code_required';
  return /^\d{6}$/.test(code) ? null : 'validation.code_format';
}

export const resetCodeField = z
  .string({ error: 'validation.code_required' })
  .trim()
  .superRefine(rule(validateResetCode))
  .describe('The 6-digit code from the e-mail');

/**
 * The code that proves an e-mail address: 8 letters and digits without look-alikes (no 0, O, 1
 * or I), read without regard to case, spaces or dashes, so a typed code works as well as the link.
 */
export function normalizeEmailCode(value: Text): string {
  return (value ?? '').replace(/[\s-]/g, '').toUpperCase();
}

export function validateEmailCode(value: Text): ValidationResult {
  const code = normalizeEmailCode(value);
  if (!code) return 'validation.code_required';
  return /^[A-HJ-NP-Z2-9]{8}$/.test(code) ? null : 'validation.email_code_format';
}

export const emailCodeField = z
  .string({ error: 'validation.code_required' })
  .max(64, { error: 'validation.email_code_format' })
  .superRefine(rule(validateEmailCode))
  .transform(normalizeEmailCode)
  .describe('The 8-character code from the confirmation e-mail');
