import type { ReactNode } from 'react';

/** A list's count on the left and one action (clear …) on the right. */
export function ListHead({
  text,
  action,
  onAction,
  testId,
  children,
}: {
  text: ReactNode;
  action?: string;
  onAction?: () => void;
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <div className="list-head">
      <span className="list-head__text">{text}</span>
      {children}
      {action && (
        <button type="button" className="list-head__action" onClick={onAction} data-testid={testId}>
          {action}
        </button>
      )}
    </div>
  );
}
