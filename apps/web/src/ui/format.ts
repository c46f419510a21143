import { relativeTime } from '@pixelhall/contract';
import { useTranslation } from 'react-i18next';

/** "now", "5 minutes ago" … in the interface language, from the contract's locale-neutral result. */
export function useRelativeTime(): (timestamp: number | string, now?: number) => string {
  const { t } = useTranslation();
  return (timestamp, now) => {
    const r = relativeTime(timestamp, now);
    switch (r.kind) {
      case 'now':
        return t('time.now');
      case 'date':
        return r.text;
      default:
        return t(`time.${r.kind}`, { count: r.count });
    }
  };
}
