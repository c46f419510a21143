/**
 * Query keys shared beyond their resource's hooks (the session transitions clear and fill them),
 * kept apart so the session module and the hooks don't import each other.
 */
export const userKeys = {
  me: ['me'] as const,
  one: (id: number) => ['users', id] as const,
};
