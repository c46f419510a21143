import SQLite from 'better-sqlite3';

/**
 * `PRAGMA integrity_check` and `PRAGMA foreign_key_check` on the file as the crash left it, from
 * a connection of its own (the next one to open it replays the write-ahead log, as a restarted
 * server would). Answers 'ok', or what SQLite found.
 */
export function sqliteIntegrity(file: string): string {
  const sqlite = new SQLite(file);
  try {
    const integrity = (sqlite.pragma('integrity_check') as { integrity_check: string }[]).map(
      (r) => r.integrity_check,
    );
    const foreign = sqlite.pragma('foreign_key_check') as { table: string; rowid: number; parent: string }[];
    const problems = [
      ...(integrity.length === 1 && integrity[0] === 'ok' ? [] : integrity),
      ...foreign.map((f) => `${f.table} row ${f.rowid} points at a missing ${f.parent}`),
    ];
    return problems.length === 0 ? 'ok' : problems.slice(0, 10).join('; ');
  } finally {
    sqlite.close();
  }
}
