import type { Topic } from '@pixelhall/contract';

export interface TopicSection {
  /** 0 is the topics the member follows; null is the matches of a search. */
  categoryId: number | null;
  topics: Topic[];
}

/** Case and accents do not matter when looking for a topic ("pokemon" finds "Pokémon"). */
export function foldForSearch(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

/**
 * What the topic picker shows. Without a keyword: every section that has topics, followed
 * first. With one: a single section of the topics whose name or description holds every
 * word of it, each topic once (followed ones first), names that match ahead of descriptions.
 */
export function filterTopics(sections: readonly TopicSection[], keyword: string): TopicSection[] {
  const words = foldForSearch(keyword).split(/\s+/).filter(Boolean);
  if (!words.length) return sections.filter((s) => s.topics.length > 0);
  const seen = new Set<number>();
  const byName: Topic[] = [];
  const byDescription: Topic[] = [];
  for (const section of sections) {
    for (const topic of section.topics) {
      if (seen.has(topic.id)) continue;
      const name = foldForSearch(topic.name);
      const all = `${name} ${foldForSearch(topic.description)}`;
      if (!words.every((w) => all.includes(w))) continue;
      seen.add(topic.id);
      (words.every((w) => name.includes(w)) ? byName : byDescription).push(topic);
    }
  }
  const found = [...byName, ...byDescription];
  return found.length ? [{ categoryId: null, topics: found }] : [];
}
