import { routes } from '@pixelhall/contract/routes';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { startBigUpload } from '../../api/big-upload';
import { ApiError, upload } from '../../api/client';
import { showFailToast } from '../../core/feedback';
import i18n from '../../i18n';
import { type Attachment, admitFiles, attachmentsReducer, newAttachment } from './attachments';

interface Running {
  file: File;
  /** A local picture of an image, shown while it uploads and after. */
  preview: string | null;
  cancel: () => void;
}

let nextKey = 0;

/**
 * The attachment list of the post being written: every added file starts uploading at once,
 * with its own progress, cancel and retry. Leaving the screen stops what is still running
 * (big files resume when added again).
 */
export function useAttachments() {
  const [items, dispatch] = useReducer(attachmentsReducer, []);
  const running = useRef(new Map<string, Running>());
  const itemsRef = useRef<Attachment[]>(items);
  itemsRef.current = items;

  const start = useCallback((key: string, item: Attachment, file: File) => {
    const onProgress = (sent: number) => dispatch({ type: 'progress', key, sent });
    let cancel: () => void;
    let done: Promise<{ sha256: string }>;
    if (item.route === 'image') {
      const controller = new AbortController();
      cancel = () => controller.abort();
      done = upload(
        routes.uploads.uploadFile,
        { file, app: 'post_images' },
        { loading: false, successToast: false, failToast: false, signal: controller.signal, onProgress },
      );
    } else {
      const handle = startBigUpload(file, onProgress);
      cancel = handle.cancel;
      done = handle.done;
    }
    const entry = running.current.get(key);
    if (entry) entry.cancel = cancel;
    done.then(
      ({ sha256 }) => dispatch({ type: 'done', key, sha256 }),
      (err: unknown) => {
        if (err instanceof ApiError && err.kind === 'aborted') return;
        const message = err instanceof ApiError ? err.message : i18n.t('errors.load_failed');
        dispatch({ type: 'failed', key, error: message });
        showFailToast(message);
      },
    );
  }, []);

  const add = useCallback(
    (files: readonly File[]) => {
      const { accepted, problem } = admitFiles(itemsRef.current, files);
      if (problem) showFailToast(i18n.t(problem.key, { ...problem.params }));
      const added = accepted.map((file) => {
        const key = `a${++nextKey}`;
        const item = newAttachment(key, file);
        running.current.set(key, {
          file,
          preview: item.route === 'image' ? URL.createObjectURL(file) : null,
          cancel: () => {},
        });
        return { key, item, file };
      });
      if (!added.length) return;
      dispatch({ type: 'add', items: added.map((a) => a.item) });
      for (const { key, item, file } of added) start(key, item, file);
    },
    [start],
  );

  const remove = useCallback((key: string) => {
    const entry = running.current.get(key);
    if (entry) {
      entry.cancel();
      if (entry.preview) URL.revokeObjectURL(entry.preview);
      running.current.delete(key);
    }
    dispatch({ type: 'remove', key });
  }, []);

  const retry = useCallback(
    (key: string) => {
      const entry = running.current.get(key);
      const item = itemsRef.current.find((a) => a.key === key);
      if (!entry || !item || item.status !== 'failed') return;
      dispatch({ type: 'retry', key });
      start(key, item, entry.file);
    },
    [start],
  );

  useEffect(() => {
    const map = running.current;
    return () => {
      for (const entry of map.values()) {
        entry.cancel();
        if (entry.preview) URL.revokeObjectURL(entry.preview);
      }
      map.clear();
    };
  }, []);

  const previewOf = useCallback((key: string) => running.current.get(key)?.preview ?? null, []);

  return { items, add, remove, retry, previewOf };
}
