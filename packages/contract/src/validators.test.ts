import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { BET_AMOUNT_MAX, PASSWORD_MIN, POST_TEXT_MAX, UPLOAD_MAX_BYTES } from './constants';
import { isMessageKey } from './messages';
import {
  amountField,
  EMAIL_PATTERN,
  emailField,
  passwordField,
  postTextField,
  urlField,
  validateAmount,
  validateComplete,
  validateEmail,
  validateLoginName,
  validateName,
  validateNickname,
  validatePassword,
  validatePostText,
  validateReport,
  validateResetCode,
  validateSelection,
  validateSignature,
  validateTopicChoice,
  validateUploadSize,
  validateUrl,
  validateUsername,
} from './validators';

describe('validateEmail', () => {
  it.each([
    'a@b.co',
    'john.doe@example.com',
    'first+tag@sub.example.org',
    "o'brien_x-y@mail.example.io",
    'UPPER@EXAMPLE.COM',
    '"quoted.name"@example.com',
    'x@[10.0.0.1]',
    'user@[192.168.0.1]',
    'x@[255.255.255.255]',
    '  padded@example.com  ',
  ])('accepts %s', (email) => {
    expect(validateEmail(email)).toBeNull();
  });

  it.each([
    'a@b.c',
    'plain',
    'a@',
    '@b.co',
    'a@b',
    'a@@b.co',
    'a b@c.co',
    'ab@c d.co',
    '"a b"@c.co',
    '.a@b.co',
    'a.@b.co',
    'a..b@c.co',
    'a@-b.co',
    'a@b-.co',
    'a@b..co',
    'a@b.c0',
    'x@[300.0.0.1]',
    'x@[10.0.0]',
    'x@[10.0.0.1.2]',
    'x@[010.0.0.1]',
    'x@10.0.0.1',
  ])('refuses %s', (email) => {
    expect(validateEmail(email)).toBe('validation.email_format');
  });

  it('asks for an address when empty', () => {
    expect(validateEmail('')).toBe('validation.email_required');
    expect(validateEmail('   ')).toBe('validation.email_required');
    expect(validateEmail(undefined)).toBe('validation.email_required');
  });

  it('exports the pattern itself', () => {
    expect(EMAIL_PATTERN.test('a@b.co')).toBe(true);
    expect(EMAIL_PATTERN.test(' a@b.co')).toBe(false);
  });
});

describe('required text fields', () => {
  it.each([
    [validateLoginName, 'validation.username_required'],
    [validateNickname, 'validation.nickname_required'],
    [validateSignature, 'validation.signature_required'],
    [validateName, 'validation.name_required'],
    [validateReport, 'validation.report_required'],
  ] as const)('%# asks for a value when blank', (validate, key) => {
    expect(validate('')).toBe(key);
    expect(validate(' \n\t ')).toBe(key);
    expect(validate(null)).toBe(key);
    expect(validate(undefined)).toBe(key);
    expect(validate('x')).toBeNull();
  });
});

describe('user names, nicknames and signatures', () => {
  it('takes 3 to 20 letters, digits, dots, dashes or underscores', () => {
    expect(validateUsername('')).toBe('validation.username_required');
    for (const ok of ['abc', 'Pixel_Pilot', 'a.b-c', 'x'.repeat(20)])
      expect(validateUsername(ok), ok).toBeNull();
    for (const bad of ['ab', 'x'.repeat(21), 'a b', 'pixel@home', 'ñandú', '😀😀😀']) {
      expect(validateUsername(bad), bad).toBe('validation.username_format');
    }
  });

  it('caps nicknames at 24 and signatures at 100 characters, counting an emoji as one', () => {
    expect(validateNickname('😀'.repeat(24))).toBeNull();
    expect(validateNickname('😀'.repeat(25))).toBe('validation.nickname_max');
    expect(validateSignature('s'.repeat(100))).toBeNull();
    expect(validateSignature('s'.repeat(101))).toBe('validation.signature_max');
  });

  it('asks for the six digits of a reset code', () => {
    expect(validateResetCode('')).toBe('validation.code_required');
    expect(validateResetCode(' 123456 ')).toBeNull();
    for (const bad of ['12345', '1234567', 'abcdef'])
      expect(validateResetCode(bad), bad).toBe('validation.code_format');
  });
});

describe('validatePassword', () => {
  it('is required, then needs at least eight characters', () => {
    expect(PASSWORD_MIN).toBe(8);
    expect(validatePassword('')).toBe('validation.password_required');
    expect(validatePassword(undefined)).toBe('validation.password_required');
    expect(validatePassword('1234567')).toBe('validation.password_min');
    expect(validatePassword('12345678')).toBeNull();
  });

  it('counts characters, not UTF-16 units, and keeps spaces', () => {
    expect(validatePassword('🔑🔑🔑🔑')).toBe('validation.password_min'); // 8 units, 4 characters
    expect(validatePassword('🔑🔑🔑🔑🔑🔑🔑🔑')).toBeNull();
    expect(validatePassword('        ')).toBeNull();
  });
});

describe('validatePostText', () => {
  it('is required after trimming', () => {
    expect(validatePostText('')).toBe('validation.text_required');
    expect(validatePostText('   ')).toBe('validation.text_required');
    expect(validatePostText(null)).toBe('validation.text_required');
  });

  it('allows 10000 characters and refuses 10001', () => {
    expect(validatePostText('a'.repeat(POST_TEXT_MAX))).toBeNull();
    expect(validatePostText('a'.repeat(POST_TEXT_MAX + 1))).toBe('validation.text_too_long');
  });

  it('counts an emoji as one character', () => {
    expect(validatePostText('😀'.repeat(POST_TEXT_MAX))).toBeNull(); // 20000 UTF-16 units
    expect(validatePostText('😀'.repeat(POST_TEXT_MAX + 1))).toBe('validation.text_too_long');
  });

  it('does not count surrounding whitespace', () => {
    expect(validatePostText(`  ${'a'.repeat(POST_TEXT_MAX)}\n`)).toBeNull();
  });
});

describe('validateTopicChoice', () => {
  it('needs a topic id', () => {
    expect(validateTopicChoice(3)).toBeNull();
    expect(validateTopicChoice(null)).toBe('validation.topic_required');
    expect(validateTopicChoice(undefined)).toBe('validation.topic_required');
    expect(validateTopicChoice(0)).toBe('validation.topic_required');
    expect(validateTopicChoice(Number.NaN)).toBe('validation.topic_required');
  });
});

describe('validateUploadSize', () => {
  it('allows up to 500 MB', () => {
    expect(validateUploadSize(0)).toBeNull();
    expect(validateUploadSize(UPLOAD_MAX_BYTES)).toBeNull();
    expect(validateUploadSize(UPLOAD_MAX_BYTES + 1)).toBe('validation.file_too_large');
    expect(validateUploadSize(Number.NaN)).toBe('validation.file_too_large');
  });
});

describe('validateAmount', () => {
  it.each([1, 2, 999_999, '1', ' 42 ', '999999'])('accepts %j', (value) => {
    expect(validateAmount(value)).toBeNull();
  });

  it.each([0, -1, 1.5, Number.NaN, '0', '', '1.5', '-3', 'abc', '1e3', '1,000'])(
    'refuses %j as invalid',
    (value) => {
      expect(validateAmount(value)).toBe('validation.amount_invalid');
    },
  );

  it.each([BET_AMOUNT_MAX + 1, '1000000', '9'.repeat(30)])('refuses %s as over the limit', (value) => {
    expect(validateAmount(value)).toBe('validation.amount_max');
  });

  it('reads digits too long for a number as over the limit', () => {
    expect(validateAmount('9'.repeat(400))).toBe('validation.amount_max');
    expect(validateAmount(Number.POSITIVE_INFINITY)).toBe('validation.amount_max');
  });
});

describe('validateUrl', () => {
  it.each([
    'http://example.com',
    'https://example.com/path?q=1#top',
    'HTTPS://Example.com',
    'http://localhost:8080',
  ])('accepts %s', (url) => {
    expect(validateUrl(url)).toBeNull();
  });

  it.each([
    '',
    null,
    'example.com',
    'ftp://example.com',
    'javascript:alert(1)',
    'http://',
    'https:///path',
    'http://?q=1',
    'http:\\\\example.com',
    'http:example.com',
    'http:/example.com',
    'http://exa mple.com',
    'mailto:a@b.co',
    'data:text/html,hi',
  ])('refuses %j', (url) => {
    expect(validateUrl(url)).toBe('validation.url_invalid');
  });
});

describe('selection and completeness', () => {
  it('needs at least one selected item', () => {
    expect(validateSelection([1])).toBeNull();
    expect(validateSelection([])).toBe('validation.items_required');
    expect(validateSelection(undefined)).toBe('validation.items_required');
  });

  it('needs every field filled in', () => {
    expect(validateComplete(['a', 'b'])).toBeNull();
    expect(validateComplete(['a', ' '])).toBe('validation.content_incomplete');
    expect(validateComplete(['a', undefined])).toBe('validation.content_incomplete');
  });
});

function firstMessage(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

function issueCount(schema: z.ZodType, value: unknown): number {
  const result = schema.safeParse(value);
  return result.success ? 0 : result.error.issues.length;
}

describe('zod fields', () => {
  it('emailField reports the first failing rule', () => {
    expect(firstMessage(emailField, undefined)).toBe('validation.email_required');
    expect(firstMessage(emailField, 42)).toBe('validation.email_required');
    expect(firstMessage(emailField, '  ')).toBe('validation.email_required');
    expect(firstMessage(emailField, 'a@b.c')).toBe('validation.email_format');
    expect(issueCount(emailField, 'a@b.c')).toBe(1);
    expect(emailField.parse('  a@b.co ')).toBe('a@b.co');
  });

  it('passwordField', () => {
    expect(firstMessage(passwordField, undefined)).toBe('validation.password_required');
    expect(firstMessage(passwordField, '')).toBe('validation.password_required');
    expect(firstMessage(passwordField, '1234567')).toBe('validation.password_min');
    expect(passwordField.parse(' 1234567')).toBe(' 1234567');
  });

  it('postTextField', () => {
    expect(firstMessage(postTextField, null)).toBe('validation.text_required');
    expect(firstMessage(postTextField, ' ')).toBe('validation.text_required');
    expect(firstMessage(postTextField, '😀'.repeat(POST_TEXT_MAX + 1))).toBe('validation.text_too_long');
    expect(postTextField.parse(' hi ')).toBe('hi');
  });

  it('urlField', () => {
    expect(firstMessage(urlField, undefined)).toBe('validation.url_invalid');
    expect(firstMessage(urlField, 'javascript:alert(1)')).toBe('validation.url_invalid');
    expect(urlField.parse(' https://example.com ')).toBe('https://example.com');
  });

  it('amountField', () => {
    expect(firstMessage(amountField, undefined)).toBe('validation.amount_invalid');
    expect(firstMessage(amountField, true)).toBe('validation.amount_invalid');
    expect(firstMessage(amountField, 0)).toBe('validation.amount_invalid');
    expect(firstMessage(amountField, 1.5)).toBe('validation.amount_invalid');
    expect(firstMessage(amountField, 1_000_000)).toBe('validation.amount_max');
    expect(issueCount(amountField, 1_000_000)).toBe(1);
    expect(amountField.parse(' 250 ')).toBe(250);
    expect(amountField.parse(999_999)).toBe(999_999);
  });

  it('only ever reports keys of the message catalog', () => {
    const samples: [z.ZodType, unknown][] = [
      [emailField, 'bad'],
      [passwordField, 'short'],
      [postTextField, ''],
      [urlField, 'nope'],
      [amountField, -1],
    ];
    for (const [schema, value] of samples) {
      const message = firstMessage(schema, value);
      expect(message && isMessageKey(message)).toBe(true);
    }
  });
});
