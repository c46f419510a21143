import type { CSSProperties } from 'react';
import { LazyImage } from '../LazyImage';

const TINTS = ['#7c5cff', '#ff7a59', '#1fb6a6', '#3d8bff', '#ff5a8a', '#f0a000'] as const;

/** A topic's picture, or a pixel-drawn "#" on a colour picked by topic id. */
export function TopicIcon({ topic, size }: { topic: { id: number; icon: string }; size: number }) {
  const style = {
    width: size,
    height: size,
    '--topic-tint': TINTS[topic.id % TINTS.length],
  } as CSSProperties;
  return (
    <span className="topic-icon" style={style} aria-hidden="true">
      {topic.icon ? (
        <LazyImage src={topic.icon} />
      ) : (
        <svg viewBox="0 0 12 12" width="100%" height="100%" shape-rendering="crispEdges" aria-hidden="true">
          <rect width="12" height="12" fill="var(--topic-tint)" />
          <path fill="#fff" d="M4 2h1v2h2V2h1v2h2v1H8v2h2v1H8v2H7V8H5v2H4V8H2V7h2V5H2V4h2zm1 3v2h2V5z" />
        </svg>
      )}
    </span>
  );
}
