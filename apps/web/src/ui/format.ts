import { relativeTime } from '@pixelhall/contract';
import { useTranslation } from 'react-i18next';
import { type LocaleFormat, localeFormat } from '../core/intl-format';

/** Dates, times and numbers in the interface language; the component renders again on a switch. */
export function useFormat(): LocaleFormat {
  const { i18n } = useTranslation();
  return localeFormat(i18n.language);
}

/** "now", "5 minutes ago" … in the interface language, from the contract's locale-neutral result. */
export function useRelativeTime(): (timestamp: number | string, now?: number) => string {
  const { t } = useTranslation();
  const format = useFormat();
  return (timestamp, now) => {
    const r = relativeTime(timestamp, now);
    switch (r.kind) {
      case 'now':
        return t('time.now');
      case 'date':
        return format.monthDay(r.ms, r.withYear);
      case 'unreadable':
        return '';
      default:
        return t(`time.${r.kind}`, { count: r.count });
    }
  };
}
