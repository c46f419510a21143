import { mkdtempSync } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

/** What a test gives an S3 client to reach the bucket. */
export interface S3Server {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The folder s3rver keeps the bucket in. */
  dir: string;
  close(): Promise<void>;
}

/** The part of a Koa context the multipart answers below use. */
interface Context {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  body: unknown;
  type: string;
}
type Middleware = (ctx: Context, next: () => Promise<void>) => Promise<void>;

interface S3rver {
  middleware: Middleware[];
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  configureBuckets: { name: string }[];
}) => S3rver;

const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

/** s3rver accepts any signature made with these (its own defaults). */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * s3rver, the S3-compatible server the tests stand in for AWS S3 or MinIO with, on a loopback
 * port and a fresh temporary folder. The bucket is reached path-style (`<endpoint>/<bucket>/<key>`).
 * One known difference from S3: s3rver answers `Range: bytes=0-0` with the whole object.
 */
export async function startS3Server(options: { port?: number; bucket?: string } = {}): Promise<S3Server> {
  const bucket = options.bucket ?? 'pixelhall-test';
  const dir = mkdtempSync(path.join(tmpdir(), 'pixelhall-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port ?? 0,
    directory: dir,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  server.middleware.unshift(multipartAnswers(dir));
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    ...CREDENTIALS,
    dir,
    async close() {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * ListParts (GET `?uploadId=`) and AbortMultipartUpload (DELETE `?uploadId=`), which s3rver lacks
 * and @tus/s3-store needs: it lists an upload's parts to resume it on any server, and takes
 * NoSuchUpload for an upload already completed. Both read s3rver's own part files,
 * `<dir>/<bucket>/._S3rver_uploads/<uploadId>/<part number>` beside `<part number>.md5`, which
 * s3rver's UploadPart writes and CompleteMultipartUpload removes. Signatures are not checked here.
 */
function multipartAnswers(dir: string): Middleware {
  return async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    const [, bucket, ...key] = ctx.path.split('/').map(decodeURIComponent);
    const answered = ctx.method === 'GET' || ctx.method === 'DELETE';
    if (!answered || typeof uploadId !== 'string' || !bucket || key.length === 0) return next();
    if (!/^[\w.-]+$/.test(uploadId) || uploadId.includes('..')) return noSuchUpload(ctx, uploadId);
    const uploadDir = path.join(dir, bucket, '._S3rver_uploads', uploadId);
    const storedKey = await readFile(path.join(uploadDir, 'key'), 'utf8').catch(() => null);
    if (storedKey !== key.join('/')) return noSuchUpload(ctx, uploadId);
    if (ctx.method === 'DELETE') {
      await rm(uploadDir, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    const marker = Number(ctx.query['part-number-marker'] ?? 0);
    const maxParts = Math.min(Number(ctx.query['max-parts'] ?? 1000), 1000);
    const numbers = (await readdir(uploadDir))
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .filter((n) => n > marker)
      .sort((a, b) => a - b);
    const listed = numbers.slice(0, maxParts);
    const parts = await Promise.all(
      listed.map(async (n) => {
        const file = path.join(uploadDir, String(n));
        const [info, md5] = await Promise.all([stat(file), readFile(`${file}.md5`, 'utf8')]);
        return `<Part><PartNumber>${n}</PartNumber><LastModified>${info.mtime.toISOString()}</LastModified><ETag>"${md5.trim()}"</ETag><Size>${info.size}</Size></Part>`;
      }),
    );
    const truncated = numbers.length > listed.length;
    ctx.status = 200;
    ctx.type = 'application/xml';
    ctx.body = xml(
      'ListPartsResult',
      `<Bucket>${xmlText(bucket)}</Bucket><Key>${xmlText(storedKey)}</Key><UploadId>${xmlText(uploadId)}</UploadId>` +
        `<PartNumberMarker>${marker}</PartNumberMarker><NextPartNumberMarker>${listed.at(-1) ?? marker}</NextPartNumberMarker>` +
        `<MaxParts>${maxParts}</MaxParts><IsTruncated>${truncated}</IsTruncated><StorageClass>STANDARD</StorageClass>` +
        parts.join(''),
    );
  };
}

function noSuchUpload(ctx: Context, uploadId: string): void {
  ctx.status = 404;
  ctx.type = 'application/xml';
  ctx.body = xml(
    'Error',
    `<Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${xmlText(uploadId)}</UploadId>`,
  );
}

const xml = (root: string, inner: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${inner}</${root}>`;

const xmlText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

// Run by itself (a test that needs the server in its own process): one JSON line once it listens.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { port: { type: 'string' }, bucket: { type: 'string' } } });
  const server = await startS3Server({
    port: values.port ? Number(values.port) : 0,
    ...(values.bucket ? { bucket: values.bucket } : {}),
  });
  const { close, ...details } = server;
  console.info(JSON.stringify(details));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}
