import type { Page } from 'playwright-core';
import type { RomFile } from './rom-dir';

/**
 * Headless Chromium has no picker to click: fills a directory of the origin-private file system
 * with `files` and makes `showDirectoryPicker` answer with it (a real FileSystemDirectoryHandle).
 * Set again after a reload.
 */
export async function stubDirectoryPicker(
  page: Page,
  name: string,
  files: readonly RomFile[],
): Promise<void> {
  await page.evaluate(
    async ([dirName, list]) => {
      const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle(dirName, {
        create: true,
      });
      for (const file of list) {
        const parts = file.path.split('/');
        let folder = dir;
        for (const part of parts.slice(0, -1))
          folder = await folder.getDirectoryHandle(part, { create: true });
        const writable = await (await folder.getFileHandle(parts.at(-1)!, { create: true })).createWritable();
        await writable.write(Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0)));
        await writable.close();
      }
      (window as unknown as { showDirectoryPicker: unknown }).showDirectoryPicker = async () => dir;
    },
    [name, files.map((f) => ({ path: f.path, base64: f.bytes.toString('base64') }))] as const,
  );
}
