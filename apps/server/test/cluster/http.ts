import {
  CLIENT_VERSION,
  type EndpointDef,
  type Envelope,
  endpoints,
  endpointUrl,
  type PayloadOf,
} from '@pixelhall/contract';

/** Long enough for a slow answer on a loaded machine, short enough to fail a stuck request plainly. */
const TIMEOUT_MS = 30_000;

/** Calls a contract endpoint on a running server, as the web client does, and answers the envelope. */
export async function callAt<E extends EndpointDef, T = unknown>(
  origin: string,
  def: E,
  payload: PayloadOf<E> | Record<string, unknown> = {},
  token?: string,
): Promise<{ status: number; body: Envelope<T> }> {
  const res = await fetch(origin + endpointUrl(def), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-client-version': CLIENT_VERSION,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(payload),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  return { status: res.status, body: (await res.json()) as Envelope<T> };
}

/** A GET of a file address, whole or a byte range; answers the status, headers and bytes. */
export async function download(origin: string, url: string, range?: string) {
  const res = await fetch(origin + url, {
    headers: range ? { range } : {},
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** upload/file: one file in a multipart form, as the app sends a picture. */
export async function uploadFile(
  origin: string,
  token: string,
  fields: Record<string, string>,
  file: { name: string; type: string; data: Buffer },
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([file.data], { type: file.type }), file.name);
  const res = await fetch(origin + endpointUrl(endpoints.uploads.uploadFile), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  return (await res.json()) as Envelope<{ sha256: string; url: string; bytes: number }>;
}
