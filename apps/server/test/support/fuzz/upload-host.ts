import {
  DOWNLOAD_ARCHIVE_PATH,
  DOWNLOAD_FILE_PATH,
  UPLOAD_BIG_PATH,
  UPLOAD_MAX_BYTES,
} from '@pixelhall/contract';

/**
 * Malformed requests for the parts of the upload host the OpenAPI document leaves out: the tus
 * protocol (upload/big) and the file downloads. Each is sent as the wire carries it, so a path
 * with `..` or a header with odd bytes reaches the server untouched.
 */
export interface HostCase {
  name: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer;
}

const TUS = `/upload/${UPLOAD_BIG_PATH}`;
const OCTETS = 'application/offset+octet-stream';
const b64 = (text: string) => Buffer.from(text).toString('base64');
const named = `filename ${b64('notes.txt')}`;
const none = Buffer.alloc(0);
const chunk = Buffer.from('data');

const creations: [string, Record<string, string>][] = [
  ['no Tus-Resumable', { 'upload-length': '10', 'upload-metadata': named }],
  ['an old Tus-Resumable', { 'tus-resumable': '0.2.2', 'upload-length': '10', 'upload-metadata': named }],
  ['an empty Tus-Resumable', { 'tus-resumable': '', 'upload-length': '10', 'upload-metadata': named }],
  ...['-1', '-0', '1e3', '10.5', '0x10', 'ten', '', '9'.repeat(40), String(UPLOAD_MAX_BYTES + 1)].map(
    (length): [string, Record<string, string>] => [
      `Upload-Length ${JSON.stringify(length)}`,
      { 'tus-resumable': '1.0.0', 'upload-length': length, 'upload-metadata': named },
    ],
  ),
  ...['0', '2', 'true', ''].map((defer): [string, Record<string, string>] => [
    `Upload-Defer-Length ${JSON.stringify(defer)}`,
    { 'tus-resumable': '1.0.0', 'upload-defer-length': defer, 'upload-metadata': named },
  ]),
  ['neither length nor deferral', { 'tus-resumable': '1.0.0', 'upload-metadata': named }],
  [
    'both length and deferral',
    { 'tus-resumable': '1.0.0', 'upload-length': '10', 'upload-defer-length': '1', 'upload-metadata': named },
  ],
  ...[
    'filename',
    'filename !!!',
    'a b c',
    ',,,',
    ' ',
    `filename ${b64('a')},filename ${b64('b')}`,
    `filetype ${b64('text/plain')}`,
    `filename ${b64('   ')}`,
    'filename\u00ff x',
  ].map((metadata): [string, Record<string, string>] => [
    `Upload-Metadata ${JSON.stringify(metadata)}`,
    { 'tus-resumable': '1.0.0', 'upload-length': '10', 'upload-metadata': metadata },
  ]),
  ...['partial', 'final;/upload/upload/big/x', 'whole'].map((concat): [string, Record<string, string>] => [
    `Upload-Concat ${JSON.stringify(concat)}`,
    { 'tus-resumable': '1.0.0', 'upload-length': '10', 'upload-metadata': named, 'upload-concat': concat },
  ]),
  [
    'an Upload-Offset that is no number',
    { 'tus-resumable': '1.0.0', 'upload-length': '10', 'upload-metadata': named, 'upload-offset': 'x' },
  ],
  [
    'a forwarded protocol nobody speaks',
    {
      'tus-resumable': '1.0.0',
      'upload-length': '10',
      'upload-metadata': named,
      'x-forwarded-proto': 'gopher',
    },
  ],
];

/** PATCHes to the caller's own upload of 10 bytes, none of them one tus may take. */
const writes: [string, Record<string, string>][] = [
  ['no Tus-Resumable', { 'upload-offset': '0', 'content-type': OCTETS }],
  ['an old Tus-Resumable', { 'tus-resumable': '0.2.2', 'upload-offset': '0', 'content-type': OCTETS }],
  ...['-1', 'abc', '', '1e2', '0.0', '9'.repeat(40), '5'].map((offset): [string, Record<string, string>] => [
    `Upload-Offset ${JSON.stringify(offset)}`,
    { 'tus-resumable': '1.0.0', 'upload-offset': offset, 'content-type': OCTETS },
  ]),
  ['no Upload-Offset', { 'tus-resumable': '1.0.0', 'content-type': OCTETS }],
  ...['text/plain', 'application/json', '', 'application/offset+octet-stream; x=1'].map(
    (type): [string, Record<string, string>] => [
      `Content-Type ${JSON.stringify(type)}`,
      { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': type },
    ],
  ),
  ['no Content-Type', { 'tus-resumable': '1.0.0', 'upload-offset': '0' }],
  ...['abc', '10', '-5'].map((length): [string, Record<string, string>] => [
    `Upload-Length ${JSON.stringify(length)} on a known length`,
    { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': OCTETS, 'upload-length': length },
  ]),
];

/** Upload ids that are no upload of the caller's, some reaching for other files. */
const strangerIds = (own: string) => [
  '0'.repeat(32),
  'not-an-id',
  '../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  '%00',
  `${own}/..`,
  `${own}%2F..`,
  `${own}/extra`,
  'x'.repeat(2000),
  '%',
];

/** Every malformed tus request for a caller who owns the 10-byte upload `own` (an id). */
export function tusCases(own: string): HostCase[] {
  const mine = `${TUS}/${own}`;
  const cases: HostCase[] = [
    ...creations.map(([name, headers]) => ({
      name: `creation with ${name}`,
      method: 'POST',
      path: TUS,
      headers,
      body: none,
    })),
    ...writes.map(([name, headers]) => ({
      name: `PATCH with ${name}`,
      method: 'PATCH',
      path: mine,
      headers,
      body: chunk,
    })),
    { name: 'HEAD without Tus-Resumable', method: 'HEAD', path: mine, headers: {}, body: none },
    { name: 'DELETE without Tus-Resumable', method: 'DELETE', path: mine, headers: {}, body: none },
    {
      name: 'DELETE with an Upload-Offset that is no number',
      method: 'DELETE',
      path: mine,
      headers: { 'tus-resumable': '1.0.0', 'upload-offset': 'x' },
      body: none,
    },
    {
      name: 'a method tus does not take',
      method: 'PUT',
      path: mine,
      headers: { 'tus-resumable': '1.0.0' },
      body: chunk,
    },
    {
      name: 'a GET of an upload',
      method: 'GET',
      path: mine,
      headers: { 'tus-resumable': '1.0.0' },
      body: none,
    },
  ];
  for (const id of strangerIds(own)) {
    const path = `${TUS}/${id}`;
    const tus = { 'tus-resumable': '1.0.0' };
    cases.push(
      { name: `HEAD of ${id}`, method: 'HEAD', path, headers: tus, body: none },
      {
        name: `PATCH of ${id}`,
        method: 'PATCH',
        path,
        headers: { ...tus, 'upload-offset': '0', 'content-type': OCTETS },
        body: chunk,
      },
      { name: `DELETE of ${id}`, method: 'DELETE', path, headers: tus, body: none },
    );
  }
  return cases;
}

/** Range headers a download must answer with the whole file, a part of it, or a 416 envelope. */
const RANGES = [
  'bytes=abc',
  'bytes=10-5',
  'bytes=-0',
  'bytes=0-0,2-3',
  'bytes=99999999999999999999-',
  'bytes=-99999999999999999999',
  'items=0-1',
  'bytes=',
  'bytes=-',
  '=0-1',
  'bytes=1-2-3',
  'bytes=0x1-0x2',
  'bytes= 1 - 2 ',
  `bytes=${'0-1,'.repeat(500)}`,
  'bytes=\u00ff',
];

/** Addresses that name no file, or no file the caller may have. */
const badDownloads = (own: { id: number; key: string }) => [
  `/upload/${DOWNLOAD_FILE_PATH}`,
  `/upload/${DOWNLOAD_FILE_PATH}?id=${own.id}`,
  `/upload/${DOWNLOAD_FILE_PATH}?id=${own.id}&key=`,
  `/upload/${DOWNLOAD_FILE_PATH}?id=${own.id}&key=${own.key}x`,
  `/upload/${DOWNLOAD_FILE_PATH}?id=${own.id}&key=${own.key}&key=${own.key}`,
  `/upload/${DOWNLOAD_FILE_PATH}?id=${own.id}&id=${own.id}&key=${own.key}`,
  `/upload/${DOWNLOAD_FILE_PATH}?id=0&key=${own.key}`,
  `/upload/${DOWNLOAD_FILE_PATH}?id=-1&key=${own.key}`,
  `/upload/${DOWNLOAD_FILE_PATH}?id=1e3&key=${own.key}`,
  `/upload/${DOWNLOAD_FILE_PATH}?id=${'9'.repeat(40)}&key=${own.key}`,
  `/upload/${DOWNLOAD_FILE_PATH}?id=abc&key=%00`,
  `/upload/${DOWNLOAD_FILE_PATH}?id=${own.id}&key=%E2%80%AE${'k'.repeat(3000)}`,
  `/upload/${DOWNLOAD_FILE_PATH}?id=%&key=%`,
  `/upload/${DOWNLOAD_ARCHIVE_PATH}?id=1&key=x&part=../../etc`,
  `/upload/${DOWNLOAD_ARCHIVE_PATH}?id=1&key=x&part=image&part=state`,
  '/upload/files/..%2F..%2Fetc%2Fpasswd',
  '/upload/files/../../etc/passwd',
  `/upload/files/${'0'.repeat(64)}.webp`,
  `/upload/files/${'0'.repeat(64)}.exe`,
  `/upload/files/${'x'.repeat(3000)}`,
  `/upload/roms/${'0'.repeat(64)}/game.nes`,
  '/upload/roms/../../etc/passwd',
  `/upload/roms/${'g'.repeat(64)}/%E2%80%AE.exe`,
];

/** Downloads with wrong addresses, and the caller's own file with broken Range headers. */
export function downloadCases(own: { id: number; key: string }): HostCase[] {
  const file = `/upload/${DOWNLOAD_FILE_PATH}?id=${own.id}&key=${own.key}`;
  return [
    ...badDownloads(own).flatMap((path) =>
      ['GET', 'HEAD'].map((method) => ({ name: `${method} ${path}`, method, path, headers: {}, body: none })),
    ),
    ...RANGES.flatMap((range) =>
      ['GET', 'HEAD'].map((method) => ({
        name: `${method} of a file with Range ${JSON.stringify(range.slice(0, 40))}`,
        method,
        path: file,
        headers: { range },
        body: none,
      })),
    ),
    {
      name: 'a file with If-Range of another version',
      method: 'GET',
      path: file,
      headers: { range: 'bytes=0-1', 'if-range': '"nope"' },
      body: none,
    },
  ];
}
