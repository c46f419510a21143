import type { Post } from '@pixelhall/contract';

/** A post as the server answers it, for cache tests; `extra` overrides any field. */
export const post = (id: number, extra: Partial<Post> = {}): Post => ({
  id,
  topic_id: 1,
  topic: { id: 1, name: 'Retro', icon: '', min_age: 0 },
  user: { id: 9, nickname: 'Ann', avatar: '', level: 3, grade: 'novice' },
  text: `post ${id}`,
  color: null,
  style: null,
  files: [],
  file_count: 0,
  links: [],
  price: 0,
  locked: false,
  pinned: false,
  topic_pinned_until: null,
  comments_open: true,
  like_count: 5,
  comment_count: 2,
  share_count: 1,
  liked: false,
  mine: false,
  created_at: 1_700_000_000_000,
  ...extra,
});
