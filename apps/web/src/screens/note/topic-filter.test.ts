import type { Topic } from '@pixelhall/contract';
import { describe, expect, it } from 'vitest';
import { filterTopics, foldForSearch } from './topic-filter';

const topic = (id: number, name: string, description = ''): Topic => ({
  id,
  category_id: 1,
  name,
  icon: '',
  description,
  min_level: 1,
  min_age: 0,
  follower_count: 0,
  post_count: 0,
  followed: false,
  created_at: 0,
});

const sections = [
  { categoryId: 0, topics: [topic(3, 'Speedruns')] },
  { categoryId: 1, topics: [topic(1, 'Pokémon', 'Catch them all'), topic(2, 'Zelda', 'Speedrun routes')] },
  { categoryId: 2, topics: [] },
  { categoryId: 3, topics: [topic(3, 'Speedruns'), topic(4, 'Homebrew')] },
];

describe('filterTopics', () => {
  it('shows every section with topics, followed first, when nothing is typed', () => {
    expect(filterTopics(sections, '  ').map((s) => s.categoryId)).toEqual([0, 1, 3]);
  });

  it('finds names regardless of case and accents, each topic once', () => {
    expect(foldForSearch('PokéMON')).toBe('pokemon');
    const [found] = filterTopics(sections, 'pokemon');
    expect(found!.categoryId).toBeNull();
    expect(found!.topics.map((t) => t.id)).toEqual([1]);
    expect(filterTopics(sections, 'SPEEDRUN')[0]!.topics.map((t) => t.id)).toEqual([3, 2]);
  });

  it('puts name matches ahead of description matches', () => {
    const [found] = filterTopics(sections, 'speedrun');
    expect(found!.topics.map((t) => t.name)).toEqual(['Speedruns', 'Zelda']);
  });

  it('needs every word to match', () => {
    expect(filterTopics(sections, 'catch all')[0]!.topics.map((t) => t.id)).toEqual([1]);
    expect(filterTopics(sections, 'catch zelda')).toEqual([]);
  });
});
