import { type Category, TOPIC_TYPE, YOURS_CATEGORY_ID } from '@pixelhall/contract';
import { describe, expect, it } from 'vitest';
import enUS from '../../i18n/locales/en-US.json';
import { HOME_OPENS_ON, homeTabs } from './home-tabs';

const categories: Category[] = [
  { id: 3, name: 'Retro', topic_type: TOPIC_TYPE.topics, icon: '' },
  { id: 4, name: 'Games', topic_type: 2, icon: '' },
  { id: 5, name: 'Chat', topic_type: TOPIC_TYPE.topics, icon: '' },
];
const titles = { yours: enUS.feed.yours, new: enUS.home.feeds.new, popular: enUS.home.feeds.popular };

describe('home tabs', () => {
  it('put the synthetic YOURS first, then New, Popular and the topic categories', () => {
    const tabs = homeTabs({ followsTopics: true, categories, titles });
    expect(tabs.map((tab) => tab.title)).toEqual(['YOURS', 'New', 'Popular', 'Retro', 'Chat']);
    expect(tabs[0]).toEqual({ key: `c${YOURS_CATEGORY_ID}`, title: 'YOURS', categoryId: YOURS_CATEGORY_ID });
  });

  it('have no YOURS for a member who follows no topic (or a visitor)', () => {
    const tabs = homeTabs({ followsTopics: false, categories, titles });
    expect(tabs.map((tab) => tab.key)).toEqual(['new', 'popular', 'c3', 'c5']);
  });

  it('never show a category the server names 0 as a second YOURS', () => {
    const withZero = [
      { id: YOURS_CATEGORY_ID, name: 'Yours', topic_type: TOPIC_TYPE.topics, icon: '' },
      ...categories,
    ];
    const tabs = homeTabs({ followsTopics: true, categories: withZero, titles });
    expect(tabs.filter((tab) => tab.categoryId === YOURS_CATEGORY_ID)).toHaveLength(1);
  });

  it('open on New, which is always there', () => {
    for (const followsTopics of [true, false]) {
      expect(homeTabs({ followsTopics, categories, titles }).some((tab) => tab.key === HOME_OPENS_ON)).toBe(
        true,
      );
    }
  });
});
