import type { Member } from '../../http/request-context';
import type { NewsItem, NewsRepo, NewsRow } from './repo';

function toNews(row: NewsRow) {
  return {
    id: Number(row.id),
    kind: row.kind,
    text: row.text,
    actor_id: row.actor_id === null ? null : Number(row.actor_id),
    ref_type: row.ref_type,
    ref_id: row.ref_id === null ? null : Number(row.ref_id),
    read: row.read_at !== null,
    created_at: row.created_at,
  };
}

/** What happened to a member (likes, replies, follows, system notes), newest first. */
export function newsService(repo: NewsRepo) {
  return {
    add: (userId: number, item: NewsItem, now: number) => repo.add(userId, item, now),

    /** What the session shows: the unread count and the newest item, read or not. */
    async latest(member: Member) {
      const [unread, latest] = await Promise.all([repo.unreadCount(member.id), repo.latest(member.id)]);
      return { unread, latest: latest ? toNews(latest) : null };
    },
  };
}
export type NewsService = ReturnType<typeof newsService>;
