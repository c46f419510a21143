/**
 * The origin-private file system: where downloaded ROMs (and imported ROMs the browser could not
 * keep a handle to) live. Paths are `folder/name`, one level deep.
 */
export async function opfsFile(path: string, { create = false } = {}): Promise<FileSystemFileHandle> {
  const [folder, name] = splitPath(path);
  return (await opfsFolder(folder, { create })).getFileHandle(name, { create });
}

/** One of the top-level folders (`downloads`, `imports`). */
export async function opfsFolder(
  folder: string,
  { create = false } = {},
): Promise<FileSystemDirectoryHandle> {
  return (await navigator.storage.getDirectory()).getDirectoryHandle(folder, { create });
}

/** Removes a file; a file already gone is fine. */
export async function opfsRemove(path: string): Promise<void> {
  const [folder, name] = splitPath(path);
  try {
    const root = await navigator.storage.getDirectory();
    const dir = await root.getDirectoryHandle(folder);
    await dir.removeEntry(name);
  } catch (err) {
    if ((err as DOMException).name !== 'NotFoundError') throw err;
  }
}

/** Asks the browser to keep the site's storage under pressure (downloads are large). */
export async function persistStorage(): Promise<void> {
  try {
    if (!(await navigator.storage.persisted())) await navigator.storage.persist();
  } catch {
    // Best effort: without it the browser may evict, and the download list shows the loss.
  }
}

export function splitPath(path: string): [string, string] {
  const slash = path.indexOf('/');
  if (slash <= 0 || slash === path.length - 1 || path.indexOf('/', slash + 1) !== -1) {
    throw new Error(`Bad storage path: ${path}`);
  }
  return [path.slice(0, slash), path.slice(slash + 1)];
}
