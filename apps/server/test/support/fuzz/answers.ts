import { isEnvelope, type Locale, MainCode } from '@pixelhall/contract';
import { keysOf } from './catalog';

/** An answer as the fuzzer saw it. */
export interface RawAnswer {
  status: number;
  contentType: string;
  body: string;
}

export interface Judged {
  /** What is wrong with the answer, or null when it is a proper envelope in the right language. */
  problem: string | null;
  /** Whether the server refused the request (any code but success). */
  refused: boolean;
  /** The catalog keys the message reads as in the request's locale. */
  keys: string[];
}

/**
 * The rules every answer to a malformed request keeps: no 5xx, a JSON envelope of exactly
 * { code, msg, data } (and `reason`, the message's key, on a refusal), and a message from the
 * catalog of the language the request negotiated (a success may say the silent "OK" instead).
 */
export function judge(answer: RawAnswer, locale: Locale): Judged {
  const fail = (problem: string): Judged => ({ problem, refused: true, keys: [] });
  if (!(answer.status >= 100)) return fail('no answer');
  if (answer.status >= 500) return fail(`status ${answer.status}`);
  if (!/^application\/json\b/.test(answer.contentType)) return fail(`content type "${answer.contentType}"`);
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return fail('a body that is not JSON');
  }
  if (!isEnvelope(body) || !Number.isInteger(body.code)) return fail('a body that is not the envelope');
  // Success is 1 on every base (MainCode and GameCode agree).
  const refused = body.code !== MainCode.Success;
  // A refusal also names its reason; a success is the plain envelope.
  if (Object.keys(body).sort().join() !== (refused ? 'code,data,msg,reason' : 'code,data,msg')) {
    return fail('a body that is not the envelope');
  }
  if (body.msg.trim() === '') return fail('an empty message');
  if (!refused && body.msg === 'OK') return { problem: null, refused, keys: [] };
  const keys = keysOf(locale, body.msg);
  if (keys.length === 0) return { problem: `a message not in the ${locale} catalog`, refused, keys };
  if (refused && !keys.includes(body.reason as string)) {
    return { problem: `a reason (${body.reason}) other than its message's key`, refused, keys };
  }
  return { problem: null, refused, keys };
}
