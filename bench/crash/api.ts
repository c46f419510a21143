import { type EndpointDef, endpointUrl } from '@pixelhall/contract';

/** How a request ended: the server's envelope, or no answer at all (the server died under it). */
export type Outcome<T> =
  | { answered: true; code: number; msg: string; data: T }
  | { answered: false; error: string };

/** Long enough for a slow answer on a loaded machine; a killed server fails the request at once. */
const TIMEOUT_MS = 30_000;

export async function send<T>(
  port: number,
  token: string | null,
  def: EndpointDef,
  payload: object,
): Promise<Outcome<T>> {
  let res: Response;
  try {
    res = await fetch(`http://127.0.0.1:${port}${endpointUrl(def)}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'accept-language': 'en-US',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    return { answered: false, error: causeOf(err) };
  }
  try {
    const envelope = (await res.json()) as { code: number; msg: string; data: T };
    return { answered: true, ...envelope };
  } catch (err) {
    // Headers came, the body did not: the process died while sending it.
    return { answered: false, error: causeOf(err) };
  }
}

function causeOf(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (err as Error).message;
}
