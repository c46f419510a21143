import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { until } from './until';

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

/** The newest mail in `dir` (support/smtp.ts) sent to an address whose text `matching` finds. */
function newestMail(dir: string, address: string, matching: RegExp): string | null {
  for (const f of readdirSync(dir).sort().reverse()) {
    const raw = readFileSync(path.join(dir, f), 'utf8');
    if (!raw.startsWith(`X-Envelope-To: ${address}`)) continue;
    const text = decodeBody(raw);
    if (matching.test(text)) return text;
  }
  return null;
}

/**
 * The newest mail sent to an address whose text `matching` finds (any, without it), waiting for
 * it to arrive: a sign-up's confirmation mail may sit beside the one awaited.
 */
export async function latestMailTo(
  dir: string,
  address: string,
  { matching = /(?:)/ }: { matching?: RegExp } = {},
): Promise<string> {
  const mail = await until(
    async () => newestMail(dir, address, matching),
    (found) => found !== null,
    { what: `a mail to ${address} matching ${matching}` },
  );
  return mail as string;
}
