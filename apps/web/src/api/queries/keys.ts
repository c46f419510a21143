/**
 * Query keys shared beyond their resource's hooks (the session transitions clear and fill them),
 * kept apart so the session module and the hooks don't import each other.
 */
/** All under 'topics', which the session transitions clear (follow states are the member's). */
export const topicKeys = {
  all: ['topics'] as const,
  categories: ['topics', 'categories'] as const,
  list: (categoryId: number) => ['topics', 'list', categoryId] as const,
  detail: (id: number) => ['topics', 'detail', id] as const,
  followsAny: ['topics', 'follows-any'] as const,
};

export const optionKeys = { one: (name: string) => ['options', name] as const };

export const userKeys = {
  me: ['me'] as const,
  one: (id: number) => ['users', id] as const,
};
