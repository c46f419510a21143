import { cleanFileName } from '@pixelhall/contract';

export const OCTET_STREAM = 'application/octet-stream';

/**
 * Types a download may be served as, by file-name extension. Each is one a browser will not run
 * as a page (no HTML, SVG, XML or script), and downloads are sent as attachments with `nosniff`
 * anyway. Every other file is application/octet-stream.
 */
const TYPES_BY_EXTENSION: Record<string, string> = {
  pdf: 'application/pdf',
  zip: 'application/zip',
  '7z': 'application/x-7z-compressed',
  rar: 'application/vnd.rar',
  gz: 'application/gzip',
  txt: 'text/plain',
  csv: 'text/csv',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  apk: 'application/vnd.android.package-archive',
  psd: 'image/vnd.adobe.photoshop',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  mp4: 'video/mp4',
  webm: 'video/webm',
};

/** Images are recognised by their first bytes, never by their name. */
const IMAGE_SIGNATURES: { mime: string; matches: (head: Buffer) => boolean }[] = [
  { mime: 'image/jpeg', matches: (h) => h.length >= 3 && h[0] === 0xff && h[1] === 0xd8 && h[2] === 0xff },
  {
    mime: 'image/png',
    matches: (h) => h.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { mime: 'image/gif', matches: (h) => /^GIF8[79]a/.test(h.subarray(0, 6).toString('latin1')) },
  {
    mime: 'image/webp',
    matches: (h) =>
      h.subarray(0, 4).toString('latin1') === 'RIFF' && h.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/** How many leading bytes `typeOfUpload` needs to look at. */
export const SIGNATURE_BYTES = 12;

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/** The type a finished upload is served with: an image by its content, else by its extension. */
export function typeOfUpload(name: string, head: Buffer): string {
  const image = IMAGE_SIGNATURES.find((s) => s.matches(head));
  if (image) return image.mime;
  return TYPES_BY_EXTENSION[extensionOf(name)] ?? OCTET_STREAM;
}

const SAFE_TYPES = new Set([...Object.values(TYPES_BY_EXTENSION), ...IMAGE_SIGNATURES.map((s) => s.mime)]);

/** A stored type passes only if it is one this module would have chosen. */
export const safeType = (mime: string) => (SAFE_TYPES.has(mime) ? mime : OCTET_STREAM);

/**
 * `Content-Disposition: attachment` for a file's name: RFC 6266's `filename*` in UTF-8 for browsers,
 * and a plain ASCII `filename` for the few clients that only read that. The name is cleaned here
 * too, so a name stored before names were cleaned is saved under its clean form.
 */
export function attachmentDisposition(stored: string): string {
  const name = cleanFileName(stored);
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
