import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  EJS_LABELS,
  EJS_SOURCE_FILES,
  type EjsLocale,
  emulatorTranslations,
  parseEjsTranslations,
} from './emulatorjs-localization';

const dir = join(
  dirname(createRequire(import.meta.url).resolve('@emulatorjs/emulatorjs/package.json')),
  'data/localization',
);
const read = (file: string) => readFileSync(join(dir, file), 'utf8');
const english = JSON.parse(read('en-US.json')) as Record<string, string>;
const labels = (locale: EjsLocale) =>
  emulatorTranslations(locale, parseEjsTranslations(read(EJS_SOURCE_FILES[locale])));

/**
 * What stays as in English on purpose: names (shaders, video modes, the pad's Start and Select,
 * EmulatorJS itself) and words these languages borrow.
 */
const NAMES = new Set([
  'Shaders',
  '2xScaleHQ',
  '4xScaleHQ',
  'CRT easymode',
  'CRT aperture',
  'CRT geom',
  'CRT mattias',
  'CRT beam',
  'CRT caligari',
  'CRT lottes',
  'CRT yeetron',
  'CRT zfast',
  'VSync',
  'Auto',
  'Dendy',
  'EmulatorJS',
  'Netplay',
  'Start',
  'Select',
  'Download',
]);

describe("EmulatorJS's labels in the app's languages", () => {
  it('reads every source file, the Korean one with its missing comma too', () => {
    expect(() => JSON.parse(read('ko-KO.json'))).toThrow();
    expect(parseEjsTranslations(read('ko-KO.json')).Fast).toBe('빠름');
  });

  it('has every label a player can read translated, names aside, in every language', () => {
    for (const locale of Object.keys(EJS_SOURCE_FILES) as EjsLocale[]) {
      const translated = labels(locale);
      const left = Object.keys(english).filter(
        // Words, not keys of a keyboard (a, f1, shift) nor buttons' letters (A, L2, START).
        (key) => /[a-z]{3}/.test(key) && !/^(f\d+|[a-z]+)$/.test(key) && (translated[key] ?? key) === key,
      );
      expect(
        left.filter((key) => !NAMES.has(key)),
        locale,
      ).toEqual([]);
    }
  });

  it("gives the pad's Fast and Slow in Japanese, which EmulatorJS's own file leaves in English", () => {
    expect(parseEjsTranslations(read('ja-JA.json')).Fast).toBe('Fast');
    expect(labels('ja-JP')).toMatchObject({ Fast: '早送り', Slow: 'スロー' });
  });

  it("keeps EmulatorJS's own translations, and European Portuguese words over Brazilian ones", () => {
    const source = parseEjsTranslations(read('es-ES.json'));
    expect(labels('es-ES')['Fast Forward']).toBe(source['Fast Forward']);
    expect(labels('pt-PT')['Start Screen Recording']).toBe('Iniciar gravação do ecrã');
    expect(labels('pt-BR')['Start Screen Recording']).toBe('Iniciar gravação de tela');
  });

  it('translates only labels EmulatorJS has, in the same five languages', () => {
    expect(Object.keys(EJS_LABELS).sort()).toEqual(Object.keys(EJS_SOURCE_FILES).sort());
    for (const table of Object.values(EJS_LABELS)) {
      expect(Object.keys(table).filter((key) => !(key in english))).toEqual([]);
    }
  });
});
