import type { GradeName } from '@pixelhall/contract';
import { useTranslation } from 'react-i18next';

/** A member's grade beside their name, coloured by grade (posts, comments). */
export function GradeBadge({ grade }: { grade: GradeName }) {
  const { t } = useTranslation();
  return <span className={`grade-badge grade-badge--${grade}`}>{t(`grade.${grade}`)}</span>;
}
