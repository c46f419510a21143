/**
 * How heavy animated pictures sent to upload/file at once affect the rest of the server: the
 * latency of `/healthz` while idle and while four such uploads run, for the GIF of the report
 * (1,900 frames in a few hundred KB) and for a GIF within the picture budget that is as costly to
 * re-encode as one can be (noise in every frame). Prints what each upload answered and how long
 * it took. Not part of npm test: it asserts nothing about time.
 *   npm run bench:pictures
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { onServerCore, pinLoadGenerator } from './cpu-pinning';
import { BENCH_SECRETS_KEY } from './secrets-key';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const AT_ONCE = 4;

async function startServer(
  uploadDir: string,
): Promise<{ child: ChildProcess; origin: string; token: string }> {
  const [command, args] = onServerCore(process.execPath, [
    '--import',
    'tsx',
    path.join(HERE, 'app-server.ts'),
  ]);
  const child = spawn(command, args, {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production', SECRETS_KEY: BENCH_SECRETS_KEY, UPLOAD_DIR: uploadDir },
  });
  const [port, token = ''] = await new Promise<string[]>((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString().trim().split(' ')));
    child.once('exit', (code) => reject(new Error(`app-server.ts exited with ${code}`)));
  });
  return { child, origin: `http://127.0.0.1:${port}`, token };
}

/** A GIF of `frames` frames of `side`×`side`: a dot moving over a flat colour, or noise. */
async function gif(side: number, frames: number, content: 'dot' | 'noise'): Promise<Buffer> {
  const frameBytes = side * side * 3;
  const raw =
    content === 'noise' ? randomBytes(frameBytes * frames) : Buffer.alloc(frameBytes * frames, 0x40);
  if (content === 'dot') {
    for (let f = 0; f < frames; f++) {
      const at = f * frameBytes + ((f * 7) % (side * side)) * 3;
      raw.fill(0xff, at, at + 3);
    }
  }
  return sharp(raw, { raw: { width: side, height: side * frames, channels: 3, pageHeight: side } })
    .gif()
    .toBuffer();
}

async function healthMs(origin: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${origin}/healthz`);
  await res.arrayBuffer();
  return performance.now() - started;
}

function summary(ms: number[]): string {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return `n=${sorted.length} p50 ${at(0.5).toFixed(1)} ms, p90 ${at(0.9).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`;
}

async function upload(origin: string, token: string, data: Buffer): Promise<string> {
  const form = new FormData();
  form.append('app', 'post_images');
  form.append('file', new Blob([new Uint8Array(data)], { type: 'image/gif' }), 'heavy.gif');
  const started = performance.now();
  const res = await fetch(`${origin}/upload/upload/file`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as { code: number; reason?: string };
  const took = (performance.now() - started).toFixed(0);
  return `${res.status} ${body.code === 1 ? 'stored' : body.reason} in ${took} ms`;
}

/** `/healthz`, one request after another, for as long as the uploads run. */
async function healthWhile(origin: string, token: string, data: Buffer) {
  let running = true;
  const uploads = Promise.all(Array.from({ length: AT_ONCE }, () => upload(origin, token, data))).finally(
    () => {
      running = false;
    },
  );
  const latencies: number[] = [];
  while (running) latencies.push(await healthMs(origin));
  return { answers: await uploads, latencies };
}

const uploadDir = mkdtempSync(path.join(tmpdir(), 'pixelhall-bench-pictures-'));
const server = await startServer(uploadDir);
try {
  console.info(pinLoadGenerator());
  const idle: number[] = [];
  for (let i = 0; i < 50; i++) idle.push(await healthMs(server.origin));
  console.info(`/healthz idle: ${summary(idle)}`);
  const cases = [
    { name: 'the report: 1,900 frames of 100×100', data: await gif(100, 1900, 'dot') },
    { name: 'within the budget: 300 frames of 100×100 noise', data: await gif(100, 300, 'noise') },
  ];
  for (const { name, data } of cases) {
    const { answers, latencies } = await healthWhile(server.origin, server.token, data);
    console.info(`\n${AT_ONCE} × ${name} (${(data.length / 1024).toFixed(0)} KB each)`);
    for (const answer of answers) console.info(`  upload: ${answer}`);
    console.info(`  /healthz meanwhile: ${summary(latencies)}`);
  }
} finally {
  server.child.kill();
  rmSync(uploadDir, { recursive: true, force: true });
}
