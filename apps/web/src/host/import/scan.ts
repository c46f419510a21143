import { extensionOf } from './emulators';
import { entriesOf } from './fs-access';
import { abortError } from './pool';

/** A file of the chosen directory worth hashing: a ROM by its extension, or a zip archive. */
export interface Candidate {
  /** Path inside the chosen directory, `/`-separated. */
  path: string;
  file: File;
  /** Where the browser can keep one (the picker); null from a directory file input. */
  handle: FileSystemFileHandle | null;
}

/**
 * Walks a picked directory and its subfolders. Hidden entries (`.git`, `._name` …) are skipped:
 * they are never ROMs and can be huge.
 */
export async function walkDirectory(
  dir: FileSystemDirectoryHandle,
  wanted: (extension: string) => boolean,
  onFound: (candidate: Candidate) => void,
  signal: AbortSignal,
  prefix = '',
): Promise<void> {
  for await (const entry of entriesOf(dir)) {
    if (signal.aborted) throw abortError();
    if (entry.name.startsWith('.')) continue;
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.kind === 'directory') {
      await walkDirectory(entry as FileSystemDirectoryHandle, wanted, onFound, signal, path);
    } else if (wanted(extensionOf(entry.name))) {
      const handle = entry as FileSystemFileHandle;
      const file = await handle.getFile().catch((err: unknown) => {
        // Locked or gone since the listing: the rest of the directory still imports.
        console.warn(`Import skipped ${path}`, err);
        return null;
      });
      if (file) onFound({ path, file, handle });
    }
  }
}

/**
 * The files of a directory file input. Their `webkitRelativePath` starts with the chosen
 * directory's name, which becomes the directory's name; the path is what follows it.
 */
export function fromFileList(files: File[], wanted: (extension: string) => boolean) {
  const candidates: Candidate[] = [];
  let directoryName = '';
  for (const file of files) {
    const relative = file.webkitRelativePath || file.name;
    const parts = relative.split('/');
    if (parts.length > 1) directoryName ||= parts[0]!;
    const path = parts.length > 1 ? parts.slice(1).join('/') : relative;
    if (parts.some((part) => part.startsWith('.'))) continue;
    if (wanted(extensionOf(file.name))) candidates.push({ path, file, handle: null });
  }
  return { directoryName, candidates };
}
