import type { Topic } from '@pixelhall/contract';

function isTopic(value: unknown): value is Topic {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const o = value as Record<string, unknown>;
  return typeof o.id === 'number' && 'category_id' in o && 'follower_count' in o && 'followed' in o;
}

/**
 * The cached data with one topic's follow state set wherever the topic appears (topic lists,
 * the detail, search results), or the same reference when it is not there.
 */
export function applyTopicFollow<T>(
  data: T,
  topicId: number,
  state: { followed: boolean; follower_count: number },
): T {
  const walk = (value: unknown): unknown => {
    if (isTopic(value)) {
      if (value.id !== topicId) return value;
      if (value.followed === state.followed && value.follower_count === state.follower_count) return value;
      return { ...value, followed: state.followed, follower_count: state.follower_count };
    }
    if (Array.isArray(value)) {
      const next = value.map(walk);
      return next.some((item, i) => item !== value[i]) ? next : value;
    }
    if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
      let next: Record<string, unknown> | null = null;
      for (const [key, item] of Object.entries(value)) {
        const mapped = walk(item);
        if (mapped !== item) {
          next ??= { ...(value as Record<string, unknown>) };
          next[key] = mapped;
        }
      }
      return next ?? value;
    }
    return value;
  };
  return walk(data) as T;
}
