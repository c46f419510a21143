import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';

/** A form's main button: full width, busy (and not pressable twice) while the request runs. */
export function SubmitButton({
  pending,
  disabled,
  testId,
  size = 'large',
  children,
}: {
  pending: boolean;
  disabled?: boolean;
  testId: string;
  size?: 'middle' | 'large';
  children: ReactNode;
}) {
  return (
    <Button
      block
      type="submit"
      color="primary"
      shape="rounded"
      size={size}
      loading={pending}
      disabled={disabled ?? pending}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}
