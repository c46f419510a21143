import { createHash } from 'node:crypto';
import { type BigUpload, type Envelope, UPLOAD_BIG_PATH } from '@pixelhall/contract';

/** Long enough for a slow answer on a loaded machine, short enough to fail a stuck request plainly. */
const TIMEOUT_MS = 30_000;
const OCTETS = 'application/offset+octet-stream';

export const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
/** A tus `Upload-Metadata` value is base64. */
export const b64 = (text: string) => Buffer.from(text).toString('base64');

/**
 * The tus protocol (upload/big) by hand, one request per call, against a listening server at
 * `origin`. A null token sends no Authorization, as a visitor would.
 */
export const tus = {
  path: `/upload/${UPLOAD_BIG_PATH}`,

  headers(token: string | null, extra: Record<string, string> = {}): Record<string, string> {
    return { 'tus-resumable': '1.0.0', ...(token ? { authorization: `Bearer ${token}` } : {}), ...extra };
  },

  send(
    origin: string,
    token: string | null,
    method: string,
    url: string,
    headers: Record<string, string> = {},
    body?: Buffer,
  ) {
    return fetch(origin + url, {
      method,
      headers: tus.headers(token, headers),
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  },

  /** Creates an upload named `name`, of `length` bytes or deferred (null); with `body`, sends that much at once. */
  create(origin: string, token: string | null, length: number | null, name: string, body?: Buffer) {
    return tus.send(
      origin,
      token,
      'POST',
      tus.path,
      {
        ...(length === null ? { 'upload-defer-length': '1' } : { 'upload-length': String(length) }),
        'upload-metadata': `filename ${b64(name)}`,
        ...(body ? { 'content-type': OCTETS } : {}),
      },
      body,
    );
  },

  patch(
    origin: string,
    token: string | null,
    location: string,
    offset: number,
    chunk: Buffer,
    headers: Record<string, string> = {},
  ) {
    return tus.send(
      origin,
      token,
      'PATCH',
      location,
      { 'upload-offset': String(offset), 'content-type': OCTETS, ...headers },
      chunk,
    );
  },

  head: (origin: string, token: string | null, location: string) => tus.send(origin, token, 'HEAD', location),

  /** What upload/big stored, from the answer to the request that finished an upload. */
  stored: async (res: Response) => ((await res.json()) as Envelope<BigUpload>).data,

  /** A whole file in the creating POST; answers what upload/big stored. */
  async whole(origin: string, token: string, data: Buffer, name: string): Promise<BigUpload> {
    const res = await tus.create(origin, token, data.length, name, data);
    const text = await res.text();
    if (res.status !== 201) throw new Error(`upload/big answered ${res.status}: ${text}`);
    return (JSON.parse(text) as Envelope<BigUpload>).data;
  },
};
