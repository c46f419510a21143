import { describe, expect, it } from 'vitest';
import { cleanFileName, FALLBACK_FILE_NAME, FILE_NAME_MAX, fileNameField } from './file-names';

describe('cleanFileName', () => {
  it.each([
    ['invoice\u202Etxt.exe', 'invoicetxt.exe'],
    ['a\u202Ab\u202Bc\u202Cd\u202De\u202Ef.pdf', 'abcdef.pdf'],
    ['\u2066left\u2067right\u2068first\u2069.txt', 'leftrightfirst.txt'],
    ['mark\u200E\u200F\u061C.doc', 'mark.doc'],
  ])('drops the bidirectional controls of %j', (raw, clean) => {
    expect(cleanFileName(raw)).toBe(clean);
  });

  it.each([
    ['report\r\nContent-Type: text.txt', 'report Content-Type: text.txt'],
    ['tab\there.txt', 'tab here.txt'],
    ['nul\u0000byte.bin', 'nul byte.bin'],
    ['c1\u0085\u009bcontrols\u007f.txt', 'c1 controls .txt'],
  ])('turns each run of control characters in %j into one space', (raw, clean) => {
    expect(cleanFileName(raw)).toBe(clean);
  });

  it.each([
    ['../../etc/passwd', 'passwd'],
    ['..\\..\\Windows\\system32\\evil.dll', 'evil.dll'],
    ['C:\\Users\\pat\\Desktop\\notes.txt', 'notes.txt'],
    ['folder/Game manual.pdf', 'Game manual.pdf'],
    ['docs/', 'docs'],
    ['keep/..', 'keep'],
  ])('keeps only the base name of the path %j', (raw, clean) => {
    expect(cleanFileName(raw)).toBe(clean);
  });

  it.each([
    ['  spaced.txt  ', 'spaced.txt'],
    ['.hidden', 'hidden'],
    ['trailing.txt...', 'trailing.txt'],
    ['\u3000wide space\u00A0.md', 'wide space\u00A0.md'],
  ])('trims spaces and dots from the ends of %j', (raw, clean) => {
    expect(cleanFileName(raw)).toBe(clean);
  });

  it.each(['', ' ', '.', '..', '../..', '/', '\u202E', '\r\n', '. . .'])('never leaves %j empty', (raw) => {
    expect(cleanFileName(raw)).toBe(FALLBACK_FILE_NAME);
  });

  it('shortens a long name in its stem, keeping the extension', () => {
    const clean = cleanFileName(`${'a'.repeat(500)}.pdf`);
    expect(Array.from(clean)).toHaveLength(FILE_NAME_MAX);
    expect(clean).toBe(`${'a'.repeat(FILE_NAME_MAX - 4)}.pdf`);
    // Counted in characters: an emoji is one, and none is cut in half.
    const emoji = cleanFileName(`${'😀'.repeat(300)}.zip`);
    expect(Array.from(emoji)).toHaveLength(FILE_NAME_MAX);
    expect(emoji.endsWith('😀.zip')).toBe(true);
    // An "extension" too long to be one is simply part of the name.
    expect(cleanFileName(`x.${'b'.repeat(300)}`)).toBe(`x.${'b'.repeat(FILE_NAME_MAX - 2)}`);
    // A cut that ends in spaces or dots loses them.
    expect(cleanFileName(`${'a'.repeat(FILE_NAME_MAX - 6)}  .. ${'z'.repeat(50)}.txt`)).toBe(
      `${'a'.repeat(FILE_NAME_MAX - 6)}.txt`,
    );
  });

  it('drops half a surrogate pair and keeps whole ones', () => {
    expect(cleanFileName('a\ud800b\udc00c😀.txt')).toBe('abc😀.txt');
    expect(() => encodeURIComponent(cleanFileName('x\ud83d.txt'))).not.toThrow();
  });

  it('writes the same name in one Unicode form (NFC)', () => {
    expect(cleanFileName('cafe\u0301.txt')).toBe('caf\u00e9.txt');
  });

  it('leaves ordinary names alone, and changes nothing the second time', () => {
    for (const name of ['Game manual.pdf', '攻略メモ.txt', 'résumé (final) v2.docx', 'Contra.nes', 'a']) {
      expect(cleanFileName(name)).toBe(name);
    }
    for (const raw of ['invoice\u202Etxt.exe', '../..', `${'a'.repeat(500)}.pdf`, ' x\r\ny. ']) {
      expect(cleanFileName(cleanFileName(raw))).toBe(cleanFileName(raw));
    }
  });
});

describe('fileNameField', () => {
  it('refuses a blank name with validation.name_required', () => {
    for (const value of ['', '   ', undefined, 42]) {
      const result = fileNameField.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('validation.name_required');
    }
  });

  it('answers the cleaned name', () => {
    expect(fileNameField.parse('  ../invoice\u202Etxt.exe ')).toBe('invoicetxt.exe');
    expect(fileNameField.parse('\u202E')).toBe(FALLBACK_FILE_NAME);
  });
});
