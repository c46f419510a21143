import { type BigUpload, bigUploadSchema, type Envelope, isEnvelope, MainCode } from '@pixelhall/contract';

/** What the last answer of a tus upload says: the stored file, the server's refusal, or nothing usable. */
export type UploadOutcome =
  | { kind: 'stored'; file: BigUpload }
  | { kind: 'refused'; envelope: Envelope }
  | { kind: 'unreadable' };

interface LastResponse {
  getHeader(name: string): string | undefined;
  getBody(): string;
}

/** The stored file comes in the `Upload-Result` header (base64 JSON), else in the body envelope. */
export function readUploadResult(response: LastResponse): UploadOutcome {
  const header = response.getHeader('Upload-Result');
  if (header) {
    const parsed = bigUploadSchema.safeParse(parseJson(decodeBase64Utf8(header)));
    if (parsed.success) return { kind: 'stored', file: parsed.data };
  }
  const envelope = parseEnvelope(response.getBody());
  if (!envelope) return { kind: 'unreadable' };
  if (envelope.code !== MainCode.Success) return { kind: 'refused', envelope };
  const parsed = bigUploadSchema.safeParse(envelope.data);
  return parsed.success ? { kind: 'stored', file: parsed.data } : { kind: 'unreadable' };
}

export function parseEnvelope(text: string | undefined): Envelope | null {
  const json = parseJson(text);
  return isEnvelope(json) ? json : null;
}

function parseJson(text: string | undefined): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** `atob` yields bytes as Latin-1 characters; file names are UTF-8. */
export function decodeBase64Utf8(value: string): string {
  try {
    const bytes = Uint8Array.from(atob(value), (c) => c.charCodeAt(0));
    return new TextDecoder().decode(bytes);
  } catch {
    return '';
  }
}
