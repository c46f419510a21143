/**
 * The parts of the File System Access API that TypeScript's DOM library leaves out (the picker,
 * permissions on handles, iterating a directory). Chromium has them all; elsewhere the import
 * falls back to a directory file input.
 */
type ReadMode = { mode: 'read' };

interface PermissionHandle {
  queryPermission?(descriptor: ReadMode): Promise<PermissionState>;
  requestPermission?(descriptor: ReadMode): Promise<PermissionState>;
}

type DirectoryPicker = (options: ReadMode & { id?: string }) => Promise<FileSystemDirectoryHandle>;

export function directoryPicker(win: Window): DirectoryPicker | null {
  const picker = (win as Window & { showDirectoryPicker?: DirectoryPicker }).showDirectoryPicker;
  return typeof picker === 'function' ? picker.bind(win) : null;
}

export function entriesOf(dir: FileSystemDirectoryHandle): AsyncIterable<FileSystemHandle> {
  return (dir as FileSystemDirectoryHandle & { values(): AsyncIterable<FileSystemHandle> }).values();
}

/**
 * Whether the page may read a remembered handle. After a reload the browser asks again; asking
 * needs a tap, so outside one `request` fails and this answers false.
 */
export async function canRead(handle: FileSystemHandle, { request = false } = {}): Promise<boolean> {
  const h = handle as FileSystemHandle & PermissionHandle;
  // Browsers without the permission methods grant what they handed out.
  if (!h.queryPermission) return true;
  if ((await h.queryPermission({ mode: 'read' })) === 'granted') return true;
  if (!request || !h.requestPermission) return false;
  try {
    return (await h.requestPermission({ mode: 'read' })) === 'granted';
  } catch {
    return false;
  }
}
