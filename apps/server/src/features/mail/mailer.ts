import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import type { Config } from '../../config';

/** 45 bytes encode to 60 base64 characters, plus 12 for the `=?UTF-8?B?…?=` frame. */
const ENCODED_WORD_BYTES = 45;

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * SMTP when `SMTP_URL` is set; otherwise each message becomes an `.eml` file in the outbox, so a
 * developer can open it in any mail client. A failure is logged here and rethrown. Bodies are
 * never logged: they carry reset codes.
 */
export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'outboxDir'>,
  log: FastifyBaseLogger,
): Mailer {
  const deliver = config.smtpUrl ? smtp(config.smtpUrl, config.mailFrom, log) : outbox(config, log);
  return {
    async send(mail) {
      try {
        await deliver(mail);
      } catch (err) {
        log.error({ err, to: mail.to, subject: mail.subject }, 'mail not sent');
        throw err;
      }
    },
  };
}

function smtp(url: string, from: string, log: FastifyBaseLogger) {
  const transport = createTransport(url);
  return async ({ to, subject, text }: Mail) => {
    await transport.sendMail({ from, to, subject, text });
    log.info({ to, subject }, 'mail sent');
  };
}

function outbox({ mailFrom, outboxDir }: Pick<Config, 'mailFrom' | 'outboxDir'>, log: FastifyBaseLogger) {
  return async (mail: Mail) => {
    await mkdir(outboxDir, { recursive: true });
    const now = new Date();
    const name = `${now.toISOString().replaceAll(':', '-')}-${randomBytes(4).toString('hex')}.eml`;
    const file = path.join(outboxDir, name);
    await writeFile(file, toEml(mailFrom, mail, now), { flag: 'wx' });
    log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to the outbox');
  };
}

/** RFC 5322 text with an 8-bit UTF-8 body, so the file reads as plain text in an editor too. */
function toEml(from: string, { to, subject, text }: Mail, date: Date): string {
  const headers = [
    `From: ${from}`,
    `To: ${to}`,
    `Subject: ${encodeHeader(subject)}`,
    `Date: ${date.toUTCString().replace('GMT', '+0000')}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
  ];
  return `${headers.join('\r\n')}\r\n\r\n${text.replace(/\r?\n/g, '\r\n')}\r\n`;
}

/**
 * Header values must be ASCII: anything else goes in RFC 2047 encoded words, each kept under
 * the 75-character limit and split between characters, never inside one.
 */
function encodeHeader(value: string): string {
  if (/^[\x20-\x7e]*$/.test(value)) return value;
  const words: string[] = [];
  let chunk = '';
  for (const char of value) {
    if (Buffer.byteLength(chunk + char) > ENCODED_WORD_BYTES) {
      words.push(chunk);
      chunk = '';
    }
    chunk += char;
  }
  words.push(chunk);
  return words.map((w) => `=?UTF-8?B?${Buffer.from(w, 'utf8').toString('base64')}?=`).join('\r\n ');
}
