import type { Topic } from '@pixelhall/contract';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { persisted } from './persisted';
import { usePreferences } from './preferences';

/** The topic a new post goes to, kept on the device (docs/product/posts-and-feeds.md#writing-a-post). */
export type NoteTopic = Pick<Topic, 'id' | 'name' | 'icon' | 'min_age' | 'min_level'>;

/** What the member typed and picked on /note; files are not kept (a File does not survive a reload). */
export interface NoteDraft {
  text: string;
  link: string;
  /** As typed in the field, so a half-typed price comes back as it was. */
  price: string;
  color: string | null;
  style: string | null;
}

interface NoteState extends NoteDraft {
  topic: NoteTopic | null;
  setTopic(topic: NoteTopic | null): void;
  updateDraft(changes: Partial<NoteDraft>): void;
  /** After publishing: the post is out, the topic stays chosen for the next one. */
  clearDraft(): void;
}

export const EMPTY_DRAFT: NoteDraft = { text: '', link: '', price: '', color: null, style: null };

export function toNoteTopic(topic: NoteTopic): NoteTopic {
  const { id, name, icon, min_age, min_level } = topic;
  return { id, name, icon, min_age, min_level };
}

export const useNote = create<NoteState>()(
  persist(
    (set) => ({
      ...EMPTY_DRAFT,
      topic: null,
      setTopic: (topic) => set({ topic: topic && toNoteTopic(topic) }),
      updateDraft: (changes) => set(changes),
      // The next post starts in the member's upgrade style (Settings), like the first one.
      clearDraft: () => set({ ...EMPTY_DRAFT, style: usePreferences.getState().postStyle }),
    }),
    {
      ...persisted<NoteState>('note'),
      partialize: ({ topic, text, link, price, color, style }) => ({
        topic,
        text,
        link,
        price,
        color,
        style,
      }),
    },
  ),
);
