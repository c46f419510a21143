/**
 * The iNES header (NES ROMs): 16 bytes starting "NES\x1a", then a 512-byte trainer when bit 2
 * of flags 6 is set. The headerless MD5 skips both, as the server's `romHashes` does for
 * `rom_md5_headerless` (No-Intro and RetroAchievements identify NES games that way), so a ROM
 * whose header was edited or stripped still matches its catalogue game.
 */
export const INES_HEADER = 16;
const INES_TRAINER = 512;

/** Whether a file of this extension can carry a header worth skipping. */
export const hasPlatformHeader = (extension: string) => extension === 'nes';

/**
 * Where the image starts after the header, given the file's first 16 bytes, or null when the
 * file has no iNES header. (A file of 16 bytes or fewer has no image: the caller checks.)
 */
export function headerlessOffset(head: Uint8Array): number | null {
  if (head.length < INES_HEADER) return null;
  if (head[0] !== 0x4e || head[1] !== 0x45 || head[2] !== 0x53 || head[3] !== 0x1a) return null;
  return INES_HEADER + ((head[6] ?? 0) & 0x04 ? INES_TRAINER : 0);
}
