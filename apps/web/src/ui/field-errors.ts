import type { ErrorReason } from '@pixelhall/contract';
import type { Form } from 'antd-mobile';
import { ApiError } from '../api/client';

export type FormApi = ReturnType<typeof Form.useForm>[0];

/** The form field that shows each refusal the server may name (`errors.username_taken` → `username`). */
export type FieldsByReason = Partial<Record<ErrorReason, string>>;

/**
 * The reasons a form shows at its fields, for the call's `fieldReasons`: the client then leaves
 * their toast out, and each failure shows once, under the field it concerns.
 */
export function reasonsAtFields(fields: FieldsByReason): ErrorReason[] {
  return Object.keys(fields) as ErrorReason[];
}

/**
 * Puts a business failure the server named (a taken user name, a wrong password …) at the field
 * it concerns. The failure is known by its reason; the field shows the server's own words for it.
 */
export function showAtField(form: FormApi, error: unknown, fields: FieldsByReason): void {
  if (!(error instanceof ApiError) || error.kind !== 'business' || !error.reason) return;
  const name = fields[error.reason];
  if (name) form.setFields([{ name, errors: [error.message] }]);
}
