/**
 * What a report keeps of the content it is about (reports.snapshot): the text and a post's link as
 * they were when reported, so the desk shows what the reporter saw even after an edit. Stored as
 * JSON, since a text may hold any character a separator could be.
 */
export interface ReportSnapshot {
  text: string;
  link: string | null;
}

export const encodeSnapshot = (snapshot: ReportSnapshot): string =>
  JSON.stringify({ text: snapshot.text, link: snapshot.link });

/** Null for a report of a member, or one made before snapshots were kept. */
export function decodeSnapshot(stored: string | null): ReportSnapshot | null {
  if (stored === null) return null;
  try {
    const value = JSON.parse(stored) as Partial<ReportSnapshot>;
    if (typeof value.text !== 'string') return null;
    return { text: value.text, link: typeof value.link === 'string' ? value.link : null };
  } catch {
    return null;
  }
}
