import type { Author, Post } from '@pixelhall/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../ui/format';
import { UserAvatar } from '../../ui/UserAvatar';

/** Past this many characters a text on a desk card folds, with a button to read the rest. */
const FOLD_CHARS = 360;

/**
 * Who wrote it or who is meant: avatar, nickname and level. A tap opens the member's desk
 * sheet (their history and what a moderator may do), not their public page.
 */
export function MemberButton({
  member,
  onOpen,
  testId = 'mod-member-button',
}: {
  member: Author;
  onOpen: (userId: number) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="mod-member"
      onClick={() => onOpen(member.id)}
      data-testid={testId}
      data-user-id={member.id}
    >
      <UserAvatar user={{ id: member.id, avatar: member.avatar }} size={32} />
      <span className="mod-member__name" data-clamp>
        {member.nickname}
      </span>
      <span className="badge">{t('me.level', { level: member.level })}</span>
    </button>
  );
}

/**
 * What a member wrote, as plain text (never HTML: it is theirs); long texts fold. Empty text
 * says so rather than showing an empty box.
 */
export function PlainText({ text, testId }: { text: string; testId?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!text.trim())
    return (
      <p className="mod-text mod-text--empty muted" data-testid={testId}>
        {t('modDesk.noText')}
      </p>
    );
  const long = text.length > FOLD_CHARS;
  return (
    <div className="mod-text-wrap">
      <p className="mod-text" data-testid={testId}>
        {long && !open ? `${text.slice(0, FOLD_CHARS).trimEnd()}…` : text}
      </p>
      {long && (
        <button type="button" className="mod-link-button" onClick={() => setOpen(!open)} aria-expanded={open}>
          {open ? t('modDesk.less') : t('modDesk.more')}
        </button>
      )}
    </div>
  );
}

/** Links as text, so a moderator reads where one goes before deciding (never followed from here). */
export function LinkList({ links }: { links: readonly string[] }) {
  const { t } = useTranslation();
  if (!links.length) return null;
  return (
    <ul className="mod-links" aria-label={t('modDesk.links')}>
      {links.map((link) => (
        <li key={link} className="mod-links__item">
          {link}
        </li>
      ))}
    </ul>
  );
}

/** A post's whole content for a moderator: text, links, files and price (paid text included). */
export function PostBody({ post }: { post: Post }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <div className="mod-post">
      <PlainText text={post.text} testId="mod-post-text" />
      <LinkList links={post.links} />
      {post.files.length > 0 && (
        <ul className="mod-files" aria-label={t('modDesk.files', { count: post.files.length })}>
          {post.files.map((file) => (
            <li key={file.id} className="mod-files__item">
              <span className="mod-files__name">{file.name}</span>
              <span className="muted">{fmt.fileSize(file.bytes)}</span>
            </li>
          ))}
        </ul>
      )}
      {post.price > 0 && <p className="mod-meta">{t('modDesk.paid', { price: fmt.integer(post.price) })}</p>}
    </div>
  );
}
