import type { MessageKey } from '@pixelhall/contract';
import type { Form } from 'antd-mobile';
import type { TFunction } from 'i18next';
import { ApiError } from '../../api/client';

export type FormApi = ReturnType<typeof Form.useForm>[0];

/**
 * Puts a business failure the server named (a taken user name, a wrong password …) at the field
 * it concerns, as well as in the toast the client already showed. The server answers in the
 * app's language, so its message is compared with the same key translated here.
 */
export function showAtField(
  form: FormApi,
  error: unknown,
  fields: Partial<Record<MessageKey, string>>,
  t: TFunction,
): void {
  if (!(error instanceof ApiError) || error.kind !== 'business') return;
  for (const [key, name] of Object.entries(fields)) {
    if (name && error.message === t(key)) {
      form.setFields([{ name, errors: [error.message] }]);
      return;
    }
  }
}
