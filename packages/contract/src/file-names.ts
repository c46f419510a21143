import { z } from 'zod';

/**
 * The one rule for a file name a member gives (a post's attachment, an upload's `filename`):
 * docs/product/limits-and-errors.md#file-names. A name is cleaned, never refused for what it
 * holds: people name files as they like, and a name only has to be safe to show and to save.
 */

/** The most characters a cleaned name keeps; a longer one is shortened, its extension kept. */
export const FILE_NAME_MAX = 200;
/** What a name becomes when nothing of it is left, so no file is ever nameless. */
export const FALLBACK_FILE_NAME = 'file';
/** A longer "extension" is part of the name, not a type: it is not kept when shortening. */
const EXTENSION_MAX = 16;

/**
 * Bidirectional controls (embeddings, overrides, isolates, the marks, Arabic's letter mark): they
 * are invisible and reorder what follows, so `invoice\u202Etxt.exe` reads as "invoiceexe.txt".
 */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** C0 controls (CR and LF included), DEL and C1 controls: a run of them becomes one space. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]+/g;
/**
 * Surrogates: a whole pair is kept, half of one dropped (it is no character, and it would break
 * percent-encoding the name).
 */
const SURROGATES = /([\ud800-\udbff][\udc00-\udfff])|[\ud800-\udfff]/g;
/** Both kinds of path separator: a name is never a path. */
const SEPARATORS = /[/\\]/;
/** Spaces and dots at either end: `..` and `.` are left empty, `name.txt.` loses its last dot. */
const EDGES = /^[\s.]+|[\s.]+$/g;

/**
 * A file name as people will see and save it: its base name only (no folders, no `..`), without
 * bidirectional or control characters, trimmed of spaces and dots, at most FILE_NAME_MAX
 * characters with its extension kept, and FALLBACK_FILE_NAME when nothing is left. Applying it
 * twice changes nothing.
 */
export function cleanFileName(raw: string): string {
  const visible = raw
    .replace(SURROGATES, (_half, pair: string | undefined) => pair ?? '')
    .normalize('NFC')
    .replace(BIDI_CONTROLS, '')
    .replace(CONTROLS, ' ');
  // The last part that is still something once trimmed: `docs/` is "docs", `a/..` is "a".
  const parts = visible.split(SEPARATORS).map((part) => part.replace(EDGES, ''));
  const base = parts.filter((part) => part !== '').pop() ?? '';
  return shorten(base) || FALLBACK_FILE_NAME;
}

/** Cuts a name over FILE_NAME_MAX characters (code points) in its stem, keeping the extension. */
function shorten(name: string): string {
  const points = Array.from(name);
  if (points.length <= FILE_NAME_MAX) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? Array.from(name.slice(dot)) : [];
  const tail = extension.length > 1 && extension.length <= EXTENSION_MAX + 1 ? extension.join('') : '';
  const stem = points.slice(0, FILE_NAME_MAX - Array.from(tail).length).join('');
  return stem.replace(EDGES, '') + tail;
}

/**
 * A file name in a payload: required (blank is `validation.name_required`), then cleaned by
 * `cleanFileName`, so what is stored and shown is the cleaned name.
 */
export const fileNameField = z
  .string({ error: 'validation.name_required' })
  .trim()
  .min(1, { error: 'validation.name_required' })
  .transform(cleanFileName)
  .describe(
    `A file name; stored cleaned: base name only, no control or bidirectional characters, at most ${FILE_NAME_MAX} characters`,
  );
