import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bootSystem, ejsSystem } from '../src/host/player/emulator';
import { EMULATOR_CORES } from './emulatorjs';

/** EmulatorJS's own table of systems and the cores each runs, first the default (`getCores()`). */
function ejsCores(): Record<string, string[]> {
  const require = createRequire(import.meta.url);
  const dir = dirname(require.resolve('@emulatorjs/emulatorjs/package.json'));
  const source = readFileSync(join(dir, 'data/src/emulator.js'), 'utf8');
  const table = /getCores\(\) \{\s*let rv = (\{[\s\S]*?\});/.exec(source)?.[1];
  if (!table) throw new Error('EmulatorJS no longer lists its cores in getCores(): check ejsSystem');
  return JSON.parse(table) as Record<string, string[]>;
}

describe('the system the player hands EmulatorJS', () => {
  it('is, for every core shipped, a system whose default core is that core', () => {
    const cores = ejsCores();
    for (const core of EMULATOR_CORES) expect(cores[ejsSystem(core)]?.[0], core).toBe(core);
  });

  it('gives Mega Drive games the Mega Drive, not the first system that lists their core', () => {
    const cores = ejsCores();
    const firstListing = Object.keys(cores).find((system) => cores[system]!.includes('genesis_plus_gx'));
    expect(firstListing).toBe('segaMS');
    expect(ejsSystem('genesis_plus_gx')).toBe('segaMD');
  });

  it("boots as the catalogue's system when EmulatorJS runs the core for it, else as the core's own", () => {
    const cores = ejsCores();
    expect(bootSystem(cores, 'segaMD', 'genesis_plus_gx')).toBe('segaMD');
    // A Master System or Game Gear emulator on the same core keeps its own pad.
    expect(bootSystem(cores, 'segaMS', 'genesis_plus_gx')).toBe('segaMS');
    expect(bootSystem(cores, 'segaGG', 'genesis_plus_gx')).toBe('segaGG');
    expect(bootSystem(cores, 'nes', 'fceumm')).toBe('nes');
    // An id EmulatorJS does not know, or one whose system runs another core: the core decides.
    expect(bootSystem(cores, 'megadrive', 'genesis_plus_gx')).toBe('segaMD');
    expect(bootSystem(cores, 'snes', 'fceumm')).toBe('nes');
    expect(bootSystem(undefined, 'segaMS', 'genesis_plus_gx')).toBe('segaMD');
  });
});
