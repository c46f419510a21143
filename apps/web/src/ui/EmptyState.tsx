import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The "No data here yet" state of a list, with an optional action under it. */
export function EmptyState({ text, children }: { text?: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="empty-state" role="status">
      <svg className="empty-state__art" viewBox="0 0 16 12" shape-rendering="crispEdges" aria-hidden="true">
        <path
          fill="currentColor"
          d="M3 2h10v1h1v6h-1v1H3V9H2V3h1zm1 2v1h2V4zm6 0v1h2V4zM6 7v1h4V7z"
          opacity=".55"
        />
      </svg>
      <p>{text ?? t('common.no_data')}</p>
      {children}
    </div>
  );
}
