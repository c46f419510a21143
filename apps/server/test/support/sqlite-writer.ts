import { openDatabase } from '../../src/db/database';

/*
 * Run as a process of its own, as an operator command is: opens the SQLite database at argv[2]
 * through the app's own openDatabase, writes a seeds row named argv[3] in a transaction it keeps
 * open for argv[4] ms, then commits. Says `holding` once it holds the write lock, `committed` after.
 */
const [url, name, holdMs] = process.argv.slice(2) as [string, string, string];
const database = openDatabase(url);
await database.db.transaction().execute(async (trx) => {
  await trx.insertInto('seeds').values({ name, applied_at: Date.now() }).execute();
  process.stdout.write('holding\n');
  await new Promise((resolve) => setTimeout(resolve, Number(holdMs)));
});
process.stdout.write('committed\n');
await database.close();
