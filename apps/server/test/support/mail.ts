import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  headers: Record<string, string>;
  subject: string;
  text: string;
}

/** A real SMTP server on a loopback port that keeps what it receives, for reading in tests. */
export async function startMailbox() {
  const received: ReceivedMail[] = [];
  const waiters: Array<(mail: ReceivedMail) => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = parseMail(Buffer.concat(chunks).toString('utf8'));
        mail.to = session.envelope.rcptTo.map((r) => r.address);
        received.push(mail);
        callback();
        waiters.shift()?.(mail);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  let read = 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The next mail not read yet, waiting for it to arrive. */
    next(timeoutMs = 5000): Promise<ReceivedMail> {
      if (read < received.length) return Promise.resolve(received[read++]!);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no mail arrived')), timeoutMs);
        waiters.push((mail) => {
          clearTimeout(timer);
          read += 1;
          resolve(mail);
        });
      });
    },
    /**
     * The first mail from the `from`-th received on that `match` accepts, waiting for it to
     * arrive; apart from next(), so mails of other calls (a sign-up's proof) may come between.
     */
    async find(match: (mail: ReceivedMail) => boolean, from = 0, timeoutMs = 5000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.slice(from).find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error('no matching mail arrived');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    /** Mails that arrived but were not read with next(). */
    unread: () => received.slice(read),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type Mailbox = Awaited<ReturnType<typeof startMailbox>>;

/** Just enough MIME for a single-part text mail: folded headers, encoded words, QP and base64. */
export function parseMail(raw: string): ReceivedMail {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body, 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : body;
  return { to: [], headers, subject: decodeWords(headers.subject ?? ''), text: text.replace(/\r\n/g, '\n') };
}

function decodeQuotedPrintable(value: string): string {
  const bytes: number[] = [];
  const unfolded = value.replace(/=\r?\n/g, '');
  for (let i = 0; i < unfolded.length; i += 1) {
    const hex = unfolded.slice(i + 1, i + 3);
    if (unfolded[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(unfolded.charCodeAt(i));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047: `=?UTF-8?B?…?=` and `=?UTF-8?Q?…?=`; spaces between two encoded words don't count. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[^?]+\?([BbQq])\?([^?]*)\?=/g, (_, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}
