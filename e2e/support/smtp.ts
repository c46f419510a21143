import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on loopback; every message it receives lands in `dir` as an .eml file. */
export async function startSmtp(dir: string): Promise<{ url: string; stop(): Promise<void> }> {
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        count += 1;
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        writeFileSync(
          path.join(dir, `${Date.now()}-${count}.eml`),
          `X-Envelope-To: ${to}\r\n${Buffer.concat(chunks)}`,
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `smtp://127.0.0.1:${port}`, stop: () => new Promise((r) => server.close(() => r())) };
}

/** Decodes a plain-text mail body, whichever transfer encoding nodemailer chose. */
function decodeBody(raw: string): string {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/content-transfer-encoding:\s*base64/i.test(head))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/**
 * The newest mail sent to an address whose text `matching` finds (any, without it), waiting for
 * it to arrive: a sign-up's confirmation mail may sit beside the one awaited.
 */
export async function latestMailTo(
  dir: string,
  address: string,
  { matching = /(?:)/, timeoutMs = 10_000 }: { matching?: RegExp; timeoutMs?: number } = {},
): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const files = readdirSync(dir).sort().reverse();
    for (const f of files) {
      const raw = readFileSync(path.join(dir, f), 'utf8');
      if (!raw.startsWith(`X-Envelope-To: ${address}`)) continue;
      const text = decodeBody(raw);
      if (matching.test(text)) return text;
    }
    if (Date.now() > until) throw new Error(`no mail to ${address}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
