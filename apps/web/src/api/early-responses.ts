/**
 * Answers to calls the entry sent before the app's code had arrived (shell/early-start.ts). The
 * API client takes one instead of sending the same call again; each is taken once, and a call
 * that differs in anything (URL, method, headers, body) is sent as usual.
 */
const early = new Map<string, Promise<Response>>();

interface CallInit {
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
}

function callKey(url: string, init: CallInit): string | null {
  if (init.body !== undefined && typeof init.body !== 'string') return null;
  return JSON.stringify([init.method ?? 'GET', url, init.headers ?? {}, init.body ?? null]);
}

/** Sends a call now; its answer waits for the client to take it. */
export function sendEarly(url: string, init: CallInit & { method: string }): void {
  const key = callKey(url, init);
  if (!key || early.has(key)) return;
  const answer = fetch(url, init as RequestInit);
  // Nobody may take it (the member moved on): an unread failure is not an error to report.
  answer.catch(() => {});
  early.set(key, answer);
}

/** The answer of the same call sent early, if there is one; the next identical call goes out. */
export function takeEarly(url: string, init: CallInit): Promise<Response> | undefined {
  const key = callKey(url, init);
  if (!key) return undefined;
  const answer = early.get(key);
  early.delete(key);
  return answer;
}
