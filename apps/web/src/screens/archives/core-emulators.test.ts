import { describe, expect, it } from 'vitest';
import { coreEmulators } from './core-emulators';

const emulators = [
  { emulator_name: 'NES', core_name: 'fceumm' },
  { emulator_name: 'Mega Drive', core_name: 'genesis_plus_gx' },
  { emulator_name: 'Master System', core_name: 'genesis_plus_gx' },
];

describe('coreEmulators', () => {
  it('names the catalogue emulator that runs on the core', () => {
    expect(coreEmulators(emulators, 'fceumm')).toBe('NES');
  });

  it('names every emulator a shared core serves', () => {
    expect(coreEmulators(emulators, 'genesis_plus_gx')).toBe('Mega Drive, Master System');
  });

  it('is empty for a core the catalogue does not list, no core, or no list yet', () => {
    expect(coreEmulators(emulators, 'mame2003')).toBe('');
    expect(coreEmulators(emulators, '')).toBe('');
    expect(coreEmulators(undefined, 'fceumm')).toBe('');
  });
});
