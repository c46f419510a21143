import { RightOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { Link } from '../../core/hash-router';
import { LazyImage } from '../../ui/LazyImage';

/** One game of an archive list: cover, name, what it holds, and where tapping leads. */
export function GameArchiveRow({
  to,
  cover,
  name,
  meta,
  badge,
  testId,
}: {
  to: string;
  cover: string;
  name: string;
  meta: ReactNode;
  badge?: ReactNode;
  testId: string;
}) {
  return (
    <Link to={to} className="archive-game" data-testid={testId}>
      <span className="archive-game__cover">
        <LazyImage src={cover} alt="" />
      </span>
      <span className="archive-game__body">
        <span className="archive-game__name">{name}</span>
        <span className="archive-game__meta">{meta}</span>
        {badge}
      </span>
      <RightOutline className="archive-game__chevron" aria-hidden="true" />
    </Link>
  );
}
