import {
  type BigUpload,
  CLIENT_VERSION,
  type EndpointDef,
  type Envelope,
  endpoints,
  endpointUrl,
  type PayloadOf,
  UPLOAD_BIG_PATH,
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

/** The tus protocol (upload/big) by hand, one request per call. */
export const tus = {
  path: `/upload/${UPLOAD_BIG_PATH}`,

  headers(token: string, extra: Record<string, string> = {}): Record<string, string> {
    return { 'tus-resumable': '1.0.0', authorization: `Bearer ${token}`, ...extra };
  },

  /** Creates an upload of `length` bytes named `name`; with `body`, sends that much at once. */
  create(origin: string, token: string, length: number, name: string, body?: Buffer) {
    return fetch(origin + tus.path, {
      method: 'POST',
      headers: tus.headers(token, {
        'upload-length': String(length),
        'upload-metadata': `filename ${Buffer.from(name).toString('base64')}`,
        ...(body ? { 'content-type': 'application/offset+octet-stream' } : {}),
      }),
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  },

  patch(origin: string, token: string, location: string, offset: number, chunk: Buffer) {
    return fetch(origin + location, {
      method: 'PATCH',
      headers: tus.headers(token, {
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      }),
      body: chunk,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  },

  head(origin: string, token: string, location: string) {
    return fetch(origin + location, {
      method: 'HEAD',
      headers: tus.headers(token),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  },

  /** A whole file in the creating POST; answers what upload/big stored. */
  async whole(origin: string, token: string, data: Buffer, name: string): Promise<BigUpload> {
    const res = await tus.create(origin, token, data.length, name, data);
    const text = await res.text();
    if (res.status !== 201) throw new Error(`upload/big answered ${res.status}: ${text}`);
    return (JSON.parse(text) as Envelope<BigUpload>).data;
  },
};
