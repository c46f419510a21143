import type { Envelope } from '@pixelhall/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { type FormApi, reasonsAtFields, showAtField } from './field-errors';

function fakeForm() {
  const setFields = vi.fn();
  return { form: { setFields } as unknown as FormApi, setFields };
}

const refused = (msg: string, reason: Envelope['reason']) =>
  new ApiError('business', msg, { code: 0, msg, data: null, reason });

const FIELDS = { 'errors.username_taken': 'username', 'errors.email_code_wrong': 'code' } as const;

describe('showAtField', () => {
  it('puts a refusal at its field by reason, with the server’s words in any language', () => {
    const { form, setFields } = fakeForm();
    showAtField(form, refused('このコードは正しくありません。', 'errors.email_code_wrong'), FIELDS);
    expect(setFields).toHaveBeenCalledWith([{ name: 'code', errors: ['このコードは正しくありません。'] }]);
  });

  it('leaves the form alone for another reason, whatever the words say', () => {
    const { form, setFields } = fakeForm();
    showAtField(form, refused('This user name is already taken', 'errors.invalid_payload'), FIELDS);
    showAtField(form, new ApiError('network', 'This user name is already taken'), FIELDS);
    showAtField(form, new Error('This user name is already taken'), FIELDS);
    expect(setFields).not.toHaveBeenCalled();
  });
});

describe('reasonsAtFields', () => {
  it('names every reason the form shows at a field, for the call to leave out of its toasts', () => {
    expect(reasonsAtFields(FIELDS).sort()).toEqual(['errors.email_code_wrong', 'errors.username_taken']);
  });
});
