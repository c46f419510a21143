import { Avatar } from 'antd-mobile';
import { type CSSProperties, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { baseUrl } from '../api/config';

/** Backgrounds for the default avatar, picked by member id so a face keeps its colour. */
const TINTS = [
  ['#7c5cff', '#b05cff'],
  ['#ff7a59', '#ffb020'],
  ['#1fb6a6', '#2fd58b'],
  ['#3d8bff', '#5cd0ff'],
  ['#ff5a8a', '#ff9a6b'],
] as const;

/**
 * Upload-host paths ("/upload/files/…") belong to the upload host, which a split deployment puts
 * on another origin; full URLs (a provider's picture) are used as they are.
 */
export function avatarSrc(avatar: string): string | undefined {
  if (!avatar.trim()) return undefined;
  return new URL(avatar, new URL(baseUrl('upload'), window.location.href)).toString();
}

/** A pixel-drawn player on the member's colour, for members without a picture. */
export function DefaultAvatar({ seed }: { seed: number }) {
  const [from, to] = TINTS[Math.abs(seed) % TINTS.length]!;
  // Unique per drawing: a shared id would resolve to a copy inside a hidden kept-alive screen,
  // and a gradient under display:none paints nothing.
  const id = useId();
  return (
    <svg viewBox="0 0 16 16" width="100%" height="100%" shape-rendering="crispEdges" aria-hidden="true">
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={from} />
          <stop offset="1" stopColor={to} />
        </linearGradient>
      </defs>
      <rect width="16" height="16" fill={`url(#${id})`} />
      <path fill="#fff" opacity=".92" d="M5 3h6v1h1v4h-1v1H5V8H4V4h1zM3 11h10v1h1v4H2v-4h1z" />
      <path fill={from} d="M6 5h1v2H6zm3 0h1v2H9zM7 7h2v1H7z" />
    </svg>
  );
}

/**
 * The member's avatar, or the default one when they have none or it fails to load. Its text
 * alternative is "<nickname>'s avatar"; without a nickname it is decoration.
 */
export function UserAvatar({
  user,
  size,
  className,
}: {
  user: { id: number; avatar: string; nickname?: string };
  size: number;
  className?: string;
}) {
  const { t } = useTranslation();
  const style = { '--size': `${size}px`, '--border-radius': `${Math.round(size * 0.3)}px` } as CSSProperties;
  return (
    <Avatar
      className={className}
      src={avatarSrc(user.avatar) ?? ''}
      alt={user.nickname ? t('a11y.avatarOf', { name: user.nickname }) : ''}
      fallback={<DefaultAvatar seed={user.id} />}
      style={style}
    />
  );
}
