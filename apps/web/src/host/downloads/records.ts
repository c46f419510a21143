import { type DownloadRecord, hostDb } from '../store/db';

/** The `downloads` store: each change is one read-modify-write transaction, so a running
 * download's progress save never undoes a pause or resurrects a cancelled entry. */
export const records = {
  async get(gameId: number): Promise<DownloadRecord | undefined> {
    return (await hostDb()).get('downloads', gameId);
  },
  async byRomMd5(romMd5: string): Promise<DownloadRecord[]> {
    return (await hostDb()).getAllFromIndex('downloads', 'byRomMd5', romMd5);
  },
  /** Newest first. */
  async all(): Promise<DownloadRecord[]> {
    return (await (await hostDb()).getAllFromIndex('downloads', 'byAddedAt')).reverse();
  },
  async put(record: DownloadRecord): Promise<void> {
    await (await hostDb()).put('downloads', record);
  },
  async delete(gameId: number): Promise<void> {
    await (await hostDb()).delete('downloads', gameId);
  },
  /** Applies `change` to the stored record; null (nothing written) when it is gone or refuses. */
  async update(
    gameId: number,
    change: (record: DownloadRecord) => Partial<DownloadRecord> | null,
  ): Promise<DownloadRecord | null> {
    const tx = (await hostDb()).transaction('downloads', 'readwrite');
    const current = await tx.store.get(gameId);
    const patch = current ? change(current) : null;
    const next = current && patch ? { ...current, ...patch } : null;
    if (next) await tx.store.put(next);
    await tx.done;
    return next;
  },
};
