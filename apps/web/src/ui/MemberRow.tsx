import type { Author } from '@pixelhall/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../core/hash-router';
import { UserAvatar } from './UserAvatar';
import './member-row.css';

/** A member in a list: avatar, name, level and grade, signature; the action (a button) on the right. */
export function MemberRow({
  member,
  action,
}: {
  member: Author & { signature?: string };
  action?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="member-row" data-testid="member-row">
      <Link className="member-row__link" to={`/user/${member.id}`}>
        <UserAvatar user={member} size={46} />
        <span className="member-row__body">
          <span className="member-row__name">{member.nickname}</span>
          <span className="member-row__badges">
            <span className="badge">{t('me.level', { level: member.level })}</span>
            <span className="badge badge--accent">{t(`grade.${member.grade}`)}</span>
          </span>
          {member.signature ? <span className="member-row__signature">{member.signature}</span> : null}
        </span>
      </Link>
      {action ? <div className="member-row__action">{action}</div> : null}
    </div>
  );
}
