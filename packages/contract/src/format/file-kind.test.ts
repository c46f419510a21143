import { describe, expect, it } from 'vitest';
import { fileKind } from './file-kind';

describe('fileKind', () => {
  it.each([
    ['report.doc', 'word'],
    ['report.DOCX', 'word'],
    ['sheet.xls', 'excel'],
    ['sheet.xlsx', 'excel'],
    ['data.csv', 'excel'],
    ['deck.ppt', 'ppt'],
    ['deck.pptx', 'ppt'],
    ['manual.pdf', 'pdf'],
    ['photo.jpg', 'jpg'],
    ['photo.JPEG', 'jpg'],
    ['app.apk', 'apk'],
    ['anim.gif', 'gif'],
    ['shot.png', 'png'],
    ['art.psd', 'psd'],
    ['Contra.NES', 'rom'],
    ['zelda.sfc', 'rom'],
    ['pokemon.gbc', 'rom'],
    ['sonic.md', 'rom'],
    ['mario.z64', 'rom'],
  ] as const)('%s is %s', (name, kind) => {
    expect(fileKind(name)).toBe(kind);
  });

  it('uses the last extension only', () => {
    expect(fileKind('photo.png.pdf')).toBe('pdf');
    expect(fileKind('game.nes.zip')).toBe('file');
  });

  it('leaves archives and unknown or missing extensions generic', () => {
    expect(fileKind('roms.zip')).toBe('file');
    expect(fileKind('roms.7z')).toBe('file');
    expect(fileKind('notes.txt')).toBe('file');
    expect(fileKind('README')).toBe('file');
    expect(fileKind('.gitignore')).toBe('file');
    expect(fileKind('trailing.')).toBe('file');
    expect(fileKind('')).toBe('file');
  });

  it('ignores folders in the name', () => {
    expect(fileKind('some.dir/README')).toBe('file');
    expect(fileKind('C:\\games\\tetris.gb')).toBe('rom');
  });
});
