import type { ErrorReason } from '@pixelhall/contract';
import type { Form } from 'antd-mobile';
import { ApiError } from '../../api/client';

export type FormApi = ReturnType<typeof Form.useForm>[0];

/**
 * Puts a business failure the server named (a taken user name, a wrong password …) at the field
 * it concerns, as well as in the toast the client already showed. The failure is known by its
 * reason; the field shows the server's own words for it.
 */
export function showAtField(
  form: FormApi,
  error: unknown,
  fields: Partial<Record<ErrorReason, string>>,
): void {
  if (!(error instanceof ApiError) || error.kind !== 'business' || !error.reason) return;
  const name = fields[error.reason];
  if (name) form.setFields([{ name, errors: [error.message] }]);
}
