import i18n from '../../i18n';
import { directoryPicker } from './fs-access';

/** What the member chose: a directory the browser keeps a handle to, or the files of an input. */
export type PickedDirectory =
  | { kind: 'handle'; handle: FileSystemDirectoryHandle }
  | { kind: 'files'; files: File[] };

/**
 * Opens the directory picker, or a directory file input where there is none (Firefox, Safari,
 * iOS). Browsers open either only during a tap, so this must run synchronously from the tap's
 * handler: nothing may be awaited before it (the bridge and the web host call handlers
 * synchronously). Resolves null when the member cancels.
 */
export function pickDirectory(win: Window = window): Promise<PickedDirectory | null> {
  const picker = directoryPicker(win);
  if (!picker) return pickWithInput(win.document);
  let opened: Promise<FileSystemDirectoryHandle>;
  try {
    opened = picker({ mode: 'read', id: 'pixelhall-roms' });
  } catch (err) {
    return Promise.reject(pickerError(err));
  }
  return opened.then(
    (handle): PickedDirectory => ({ kind: 'handle', handle }),
    (err: unknown) => {
      if (err instanceof DOMException && err.name === 'AbortError') return null;
      throw pickerError(err);
    },
  );
}

/**
 * A directory input that came back without a single file (an empty folder) chose nothing:
 * "Not data selected" (docs/product/limits-and-errors.md), rather than a scan of nothing.
 */
export function requireChoice(picked: PickedDirectory | null): PickedDirectory | null {
  if (picked?.kind === 'files' && picked.files.length === 0) {
    throw new Error(i18n.t('validation.nothing_selected'));
  }
  return picked;
}

function pickerError(err: unknown): Error {
  // SecurityError: not in a tap, or the folder is one the browser refuses (system folders).
  console.warn('ROM directory picker failed', err);
  return new Error(i18n.t('importUi.picker_failed'));
}

function pickWithInput(doc: Document): Promise<PickedDirectory | null> {
  return new Promise((resolve) => {
    const input = doc.createElement('input');
    input.type = 'file';
    input.multiple = true;
    input.webkitdirectory = true;
    input.hidden = true;
    input.dataset.romDirectoryInput = '';
    const finish = (picked: PickedDirectory | null) => {
      input.remove();
      resolve(picked);
    };
    input.addEventListener('change', () => finish({ kind: 'files', files: [...(input.files ?? [])] }), {
      once: true,
    });
    input.addEventListener('cancel', () => finish(null), { once: true });
    doc.body.append(input);
    input.click();
  });
}
