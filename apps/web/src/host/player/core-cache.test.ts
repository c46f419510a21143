import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { coreFileName, storedZipFiles } from './core-cache';

describe('core archives', () => {
  const wasm = new Uint8Array(5000).map((_, i) => (i * 31) & 0xff);
  const js = new TextEncoder().encode('var EJS_Runtime = () => {};'.repeat(50));

  it('slices the files out of a stored zip, as EmulatorJS would unpack them', () => {
    const zip = zipSync({ 'core.wasm': [wasm, { level: 0 }], 'core.js': [js, { level: 0 }] });
    expect(storedZipFiles(zip)).toEqual({ 'core.wasm': wasm, 'core.js': js });
  });

  it('leaves archives that need unpacking to EmulatorJS: deflated entries, 7-Zip, plain data', () => {
    expect(
      storedZipFiles(zipSync({ 'core.wasm': [wasm, { level: 0 }], 'core.js': [js, { level: 6 }] })),
    ).toBeNull();
    expect(storedZipFiles(new Uint8Array([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c, 0, 4]))).toBeNull();
    expect(storedZipFiles(wasm)).toBeNull();
    // A zip signature on a broken archive.
    expect(storedZipFiles(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toBeNull();
  });

  it('names the build EmulatorJS loads for a core', () => {
    expect(coreFileName('fceumm')).toBe('fceumm-legacy-wasm.data');
  });
});
