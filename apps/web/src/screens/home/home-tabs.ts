import { type Category, TOPIC_TYPE, YOURS_CATEGORY_ID } from '@pixelhall/contract';

export interface HomeTab {
  key: string;
  title: string;
  categoryId?: number;
}

/** The key of the tab Home opens on: New, whether or not YOURS leads the row. */
export const HOME_OPENS_ON = 'new';

/**
 * Home's tabs in the product's order (docs/product/posts-and-feeds.md#home-tabs): the synthetic
 * YOURS first when the member follows topics, then New, Popular and one tab per topic category.
 */
export function homeTabs(input: {
  followsTopics: boolean;
  categories: readonly Category[];
  titles: { yours: string; new: string; popular: string };
}): HomeTab[] {
  const { followsTopics, categories, titles } = input;
  return [
    ...(followsTopics
      ? [{ key: `c${YOURS_CATEGORY_ID}`, title: titles.yours, categoryId: YOURS_CATEGORY_ID }]
      : []),
    { key: 'new', title: titles.new },
    { key: 'popular', title: titles.popular },
    ...categories
      .filter((c) => c.topic_type === TOPIC_TYPE.topics && c.id !== YOURS_CATEGORY_ID)
      .map((c) => ({ key: `c${c.id}`, title: c.name, categoryId: c.id })),
  ];
}
