import type { DataOf } from '@pixelhall/contract';
import type { routes } from '@pixelhall/contract/routes';

/** An emulator option of `home/conditionOpt` (docs/product/games-library-and-player.md#catalogue): it plays the files with its extensions. */
export type Emulator = DataOf<typeof routes.games.conditionOpt>['emulator_type'][number];

/** The lower-case extension of a file name, without the dot ('' when it has none). */
export function extensionOf(name: string): string {
  const base = name.slice(name.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** A file name without its folders and its extension: the game name of an unmatched ROM. */
export function baseName(name: string): string {
  const base = name.slice(name.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
}

export const isZip = (name: string) => extensionOf(name) === 'zip';

/**
 * Extension → emulator. Two emulators claiming one extension is a catalogue mistake; the first
 * listed wins so the answer does not change from scan to scan.
 */
export function emulatorsByExtension(emulators: Emulator[]): Map<string, Emulator> {
  const map = new Map<string, Emulator>();
  for (const emulator of emulators)
    for (const ext of emulator.extensions) {
      const key = ext.toLowerCase().replace(/^\./, '');
      if (key && !map.has(key)) map.set(key, emulator);
    }
  return map;
}

/** The emulator that plays a file, by its extension, or null for a file that isn't a ROM. */
export function emulatorFor(byExtension: Map<string, Emulator>, fileName: string): Emulator | null {
  return byExtension.get(extensionOf(fileName)) ?? null;
}

/**
 * The entries of a zip archive worth hashing: ROM files by extension, not folders, not the
 * metadata macOS adds (`__MACOSX/…`, `._name`).
 */
export function isRomEntry(entryName: string, extensions: ReadonlySet<string>): boolean {
  if (entryName.endsWith('/') || entryName.startsWith('__MACOSX/')) return false;
  const base = entryName.slice(entryName.lastIndexOf('/') + 1);
  if (base.startsWith('._')) return false;
  return extensions.has(extensionOf(base));
}
