import { FEEDBACK_LIMITS, type PayloadOf, validateEmail } from '@pixelhall/contract';
import type { routes } from '@pixelhall/contract/routes';
import type { TKey } from '../../i18n/keys';

export type FeedbackPayload = PayloadOf<typeof routes.games.feedbackSubmit>;
export type FeedbackField = keyof FeedbackPayload;

/** A message key of the interface catalogue and its values, for the field under the input. */
export interface FieldProblem {
  key: TKey;
  values?: Record<string, number>;
}

/**
 * Checked as the contract checks it (trimmed, counted in UTF-16 units as zod counts), so the
 * form refuses exactly what `feedback/submit` would refuse, in the words of docs/product/limits-and-errors.md#validation-messages: empty is
 * "Please enter complete content", a bad address "The email format is incorrect".
 */
const required =
  (max: number) =>
  (value: string): FieldProblem | null => {
    const text = value.trim();
    if (!text) return { key: 'validation.content_incomplete' };
    return text.length > max ? { key: 'feedbackUi.tooLong', values: { max } } : null;
  };

export const FEEDBACK_CHECKS: Record<FeedbackField, (value: string) => FieldProblem | null> = {
  device_name: required(FEEDBACK_LIMITS.deviceName),
  device_version: required(FEEDBACK_LIMITS.deviceVersion),
  problem: required(FEEDBACK_LIMITS.problem),
  email: (value) => {
    const key = validateEmail(value);
    return key ? { key } : null;
  },
};

/** What is sent: every field trimmed. */
export function feedbackPayload(values: Record<FeedbackField, string | undefined>): FeedbackPayload {
  return {
    device_name: (values.device_name ?? '').trim(),
    device_version: (values.device_version ?? '').trim(),
    problem: (values.problem ?? '').trim(),
    email: (values.email ?? '').trim(),
  };
}

/** The prefilled device version: the Android version the host reports, else the browser's. */
export function deviceVersionOf(androidVersion: string, userAgent: string): string {
  if (androidVersion) return `Android ${androidVersion}`;
  const ios = /OS (\d+(?:_\d+)*) like Mac OS X/.exec(userAgent);
  if (ios) return `iOS ${ios[1]!.replaceAll('_', '.')}`;
  for (const [name, pattern] of BROWSERS) {
    const version = pattern.exec(userAgent)?.[1];
    if (version) return `${name} ${version}`;
  }
  return '';
}

/** Most specific first: Edge's user agent names Chrome too, Chrome's names Safari. */
const BROWSERS: Array<[string, RegExp]> = [
  ['Edge', /Edg\/(\d+)/],
  ['Firefox', /Firefox\/(\d+)/],
  ['Chrome', /Chrome\/(\d+)/],
  ['Safari', /Version\/(\d+(?:\.\d+)?).*Safari\//],
];
