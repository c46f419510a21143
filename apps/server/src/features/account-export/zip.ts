import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import { ZipFile } from 'yazl';
import type { DB } from '../../db/schema';
import type { FileStore } from '../uploads/public';
import { exportData, JSON_FILES } from './data';
import { readme } from './readme';

/** Types whose bytes are compressed already: deflating them again costs time and saves nothing. */
const STORED_AS_IS = /^(image|audio|video)\/|^application\/(zip|gzip|x-7z-compressed|vnd\.rar|pdf)$/;

export interface ExportSubject {
  userId: number;
  username: string;
  locale: string;
  /** When the export is made: the README's date and the JSON files' times in the zip. */
  now: number;
}

/**
 * Writes the member's export as a zip into `output`, streaming: each JSON file is written a page
 * of rows at a time (data.ts), each stored file is piped from the store's read stream, opened only
 * when its turn in the zip comes (yazl's lazy entries), and yazl pipes into `output` with
 * back-pressure. So what the build holds is a page of rows and a few stream buffers, whatever
 * the size of the member's data. Answers how many stored files it copied and how many it found
 * missing from the store (left out).
 */
export async function writeAccountExport(
  { db, store }: { db: Kysely<DB>; store: FileStore },
  subject: ExportSubject,
  output: Writable,
): Promise<{ files: number; missing: number }> {
  const zip = new ZipFile();
  // yazl's output is a PassThrough; its types say only NodeJS.ReadableStream.
  const zipped = zip.outputStream as Readable;
  const written = pipeline(zipped, output);
  // A source that fails (the database, the store) fails the zip, and so the pipeline.
  zip.on('error', (err: Error) => zipped.destroy(err));

  // yazl pipes each source with .pipe(), which passes no error on: a source that fails midway
  // (the database, the bucket's connection) must fail the zip itself, or the build would hang.
  const failing = (stream: Readable) => stream.once('error', (err: Error) => zip.emit('error', err));
  const made = new Date(subject.now);
  type Opened = (err: Error | null, stream: NodeJS.ReadableStream) => void;
  const text = (generate: () => AsyncIterable<string>) => (cb: Opened) =>
    cb(null, failing(Readable.from(generate(), { objectMode: false })));

  let files = 0;
  let missing = 0;
  try {
    zip.addBuffer(Buffer.from(readme(subject), 'utf8'), 'README.txt', { mtime: made });
    const data = exportData(db, subject.userId);
    for (const name of JSON_FILES) {
      zip.addReadStreamLazy(`${name}.json`, { mtime: made }, text(data.json[name]));
    }
    for await (const file of data.files()) {
      // A file the store lost is left out rather than failing the whole export.
      if ((await store.size(file.sha256)) === null) {
        missing += 1;
        continue;
      }
      files += 1;
      zip.addReadStreamLazy(
        file.path,
        { mtime: new Date(file.createdAt), compress: !STORED_AS_IS.test(file.mime) },
        (cb: Opened) => {
          store.read(file.sha256).then(
            (stream) => cb(null, failing(stream)),
            (err: Error) => zip.emit('error', err),
          );
        },
      );
    }
  } catch (err) {
    zipped.destroy(err as Error);
    await written.catch(() => {});
    throw err;
  }
  zip.end();
  await written;
  return { files, missing };
}
