/** The icon family of a file, chosen by its extension. */
export type FileKind =
  | 'word'
  | 'excel'
  | 'ppt'
  | 'pdf'
  | 'jpg'
  | 'apk'
  | 'gif'
  | 'png'
  | 'psd'
  | 'rom'
  | 'file';

/**
 * ROM images of the consoles the library plays. Archives (zip, 7z) and disc images (iso, bin)
 * also hold other things, so they stay generic files.
 */
const ROM_EXTENSIONS = [
  'nes fds unf unif', // NES / Famicom
  'sfc smc', // SNES
  'gb gbc gba', // Game Boy family
  'md gen smd 32x sms gg', // Sega
  'n64 z64 v64 nds', // Nintendo 64, DS
  'pce ngp ngc ws wsc lnx a26', // other handhelds and consoles
].flatMap((group) => group.split(' '));

const KIND_BY_EXTENSION: ReadonlyMap<string, FileKind> = new Map<string, FileKind>([
  ['doc', 'word'],
  ['docx', 'word'],
  ['xls', 'excel'],
  ['xlsx', 'excel'],
  ['csv', 'excel'],
  ['ppt', 'ppt'],
  ['pptx', 'ppt'],
  ['pdf', 'pdf'],
  ['jpg', 'jpg'],
  ['jpeg', 'jpg'],
  ['apk', 'apk'],
  ['gif', 'gif'],
  ['png', 'png'],
  ['psd', 'psd'],
  ...ROM_EXTENSIONS.map((ext): [string, FileKind] => [ext, 'rom']),
]);

/**
 * The kind of a file by its last extension, case-insensitively ("Game.NES" → "rom"). Folders in
 * the name are ignored; names without an extension, and dot-files like ".gitignore", are "file".
 * Only an icon: whether a file shows inline is the post file's `is_image`, never its name.
 */
export function fileKind(fileName: string): FileKind {
  const base = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  if (dot <= 0) return 'file';
  return KIND_BY_EXTENSION.get(base.slice(dot + 1).toLowerCase()) ?? 'file';
}
