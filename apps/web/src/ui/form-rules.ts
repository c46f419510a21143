import type { ValidationResult } from '@pixelhall/contract';
import type { FormItemProps } from 'antd-mobile';
import type { TFunction } from 'i18next';

export type FormRule = NonNullable<FormItemProps['rules']>[number];

/**
 * A form rule from a contract validator: the field shows the validation message (docs/product/limits-and-errors.md#validation-messages) in the interface
 * language, the same words the server would answer.
 */
export function ruleOf(validate: (value: string) => ValidationResult, t: TFunction): FormRule {
  return {
    validator: async (_rule, value) => {
      const key = validate(typeof value === 'string' ? value : '');
      if (key) throw new Error(t(key));
    },
  };
}

/** The repeated password must equal the `password` field (checked in the app only). */
export function confirmRule(t: TFunction): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value) => {
      if ((value ?? '') !== (getFieldValue('password') ?? '')) {
        throw new Error(t('validation.password_mismatch'));
      }
    },
  });
}

/** Log-in and "current password" ask only that something was typed: old passwords may predate today's rules. */
export function validatePasswordEntered(value: string): ValidationResult {
  return value ? null : 'validation.password_required';
}
