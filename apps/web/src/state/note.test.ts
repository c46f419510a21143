import { beforeEach, describe, expect, it, vi } from 'vitest';

class MemoryStorage {
  items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const topic = { id: 7, name: 'Speedruns', icon: '', min_age: 0, min_level: 1 };

/** A fresh copy of the store over `storage`, as after a reload of the page. */
async function loadStore(storage: MemoryStorage) {
  vi.resetModules();
  vi.stubGlobal('localStorage', storage);
  return (await import('./note')).useNote;
}

describe('the note draft', () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
  });

  it('survives leaving the screen and reloading the page', async () => {
    const first = await loadStore(storage);
    first.getState().setTopic(topic);
    first
      .getState()
      .updateDraft({ text: 'My best run', link: 'https://example.com', price: '12', color: 'sunset' });
    const again = await loadStore(storage);
    expect(again.getState()).toMatchObject({
      topic,
      text: 'My best run',
      link: 'https://example.com',
      price: '12',
      color: 'sunset',
      style: null,
    });
  });

  it('keeps only the topic fields it needs', async () => {
    const store = await loadStore(storage);
    store.getState().setTopic({ ...topic, description: 'long', follower_count: 3 } as typeof topic);
    expect(store.getState().topic).toEqual(topic);
  });

  it('empties the draft after publishing but keeps the topic for the next post', async () => {
    const store = await loadStore(storage);
    store.getState().setTopic(topic);
    store.getState().updateDraft({ text: 'Posted', style: 'gold' });
    store.getState().clearDraft();
    const again = await loadStore(storage);
    expect(again.getState()).toMatchObject({
      topic,
      text: '',
      link: '',
      price: '',
      color: null,
      style: null,
    });
  });

  it("starts the next post in the member's upgrade style from Settings", async () => {
    const store = await loadStore(storage);
    const { usePreferences } = await import('./preferences');
    usePreferences.getState().setPostStyle('neon');
    store.getState().updateDraft({ text: 'Posted', style: 'arcade' });
    store.getState().clearDraft();
    expect(store.getState()).toMatchObject({ text: '', style: 'neon' });
  });

  it('stores no functions, only the draft and the topic', async () => {
    const store = await loadStore(storage);
    store.getState().updateDraft({ text: 'x' });
    const saved = JSON.parse(storage.getItem('pixelhall.note')!);
    expect(Object.keys(saved.state).sort()).toEqual(['color', 'link', 'price', 'style', 'text', 'topic']);
  });
});
