import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A translation service that echoes the text it is given, so a translated secret is still found
 * in the answer. `url` is what `translateUrl` takes; `close` stops it.
 */
export async function echoTranslation(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const { q } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { q: string };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ translatedText: q, detectedLanguage: { confidence: 90, language: 'en' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
