import { POST_FILES_MAX, UPLOAD_MAX_BYTES } from '@pixelhall/contract';
import { Button, ProgressBar } from 'antd-mobile';
import { CheckCircleFill, CloseOutline, FileOutline, PictureOutline, RedoOutline } from 'antd-mobile-icons';
import { type CSSProperties, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../ui/format';
import { FileNameIcon } from '../../ui/posts/FileKindIcon';
import { type Attachment, uploadPercent } from './attachments';

/**
 * The files of the post being written, each with its progress (percent and size), and the two
 * ways to add more: pictures (shown in the post) and any file up to 500 MB (offered as a download).
 */
export function AttachmentList({
  items,
  previewOf,
  onAdd,
  onRemove,
  onRetry,
}: {
  items: readonly Attachment[];
  previewOf: (key: string) => string | null;
  onAdd: (files: File[]) => void;
  onRemove: (key: string) => void;
  onRetry: (key: string) => void;
}) {
  const fmt = useFormat();
  const { t } = useTranslation();
  const imageInput = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const full = items.length >= POST_FILES_MAX;
  const picked = (input: HTMLInputElement) => {
    const files = [...(input.files ?? [])];
    // Picking the same file again after removing it must fire `change` again.
    input.value = '';
    if (files.length) onAdd(files);
  };
  return (
    <div className="attachments">
      {items.length > 0 && (
        <ul className="attachments__list" data-testid="note-attachments">
          {items.map((item) => (
            <AttachmentRow
              key={item.key}
              item={item}
              preview={previewOf(item.key)}
              onRemove={() => onRemove(item.key)}
              onRetry={() => onRetry(item.key)}
            />
          ))}
        </ul>
      )}
      <div className="attachments__add">
        <Button
          size="small"
          shape="rounded"
          disabled={full}
          onClick={() => imageInput.current?.click()}
          data-testid="note-add-image"
        >
          <PictureOutline /> {t('note.addImage')}
        </Button>
        <Button
          size="small"
          shape="rounded"
          disabled={full}
          onClick={() => fileInput.current?.click()}
          data-testid="note-add-file"
        >
          <FileOutline /> {t('note.addFile')}
        </Button>
        <span className="attachments__count muted">
          {items.length}/{POST_FILES_MAX}
        </span>
      </div>
      <input
        ref={imageInput}
        type="file"
        accept="image/jpeg,image/png,image/gif,image/webp"
        multiple
        hidden
        onChange={(e) => picked(e.currentTarget)}
        data-testid="note-image-input"
      />
      <input
        ref={fileInput}
        type="file"
        multiple
        hidden
        onChange={(e) => picked(e.currentTarget)}
        data-testid="note-file-input"
      />
      <p className="attachments__hint muted">
        {t('note.filesHint', { size: fmt.fileSize(UPLOAD_MAX_BYTES) })}
      </p>
    </div>
  );
}

function AttachmentRow({
  item,
  preview,
  onRemove,
  onRetry,
}: {
  item: Attachment;
  preview: string | null;
  onRemove: () => void;
  onRetry: () => void;
}) {
  const fmt = useFormat();
  const { t } = useTranslation();
  const percent = uploadPercent(item);
  return (
    <li
      className={`attachment attachment--${item.status}`}
      data-testid="note-attachment"
      data-status={item.status}
    >
      <span className="attachment__thumb">
        {preview ? <img src={preview} alt="" /> : <FileNameIcon name={item.name} size={30} />}
      </span>
      <div className="attachment__body">
        <span className="attachment__name">{item.name}</span>
        {item.status === 'failed' ? (
          <span className="attachment__error">{item.error}</span>
        ) : item.status === 'done' ? (
          <span className="attachment__done">
            <CheckCircleFill /> {fmt.fileSize(item.bytes)}
          </span>
        ) : (
          <>
            <ProgressBar
              percent={percent}
              className="attachment__progress"
              style={{ '--track-width': '4px' } as CSSProperties}
            />
            <span className="attachment__meta">
              {t('note.progress', {
                percent,
                sent: fmt.fileSize(item.sent),
                total: fmt.fileSize(item.bytes),
              })}
            </span>
          </>
        )}
      </div>
      {item.status === 'failed' && (
        <button type="button" className="attachment__action" aria-label={t('note.retry')} onClick={onRetry}>
          <RedoOutline />
        </button>
      )}
      <button
        type="button"
        className="attachment__action"
        aria-label={item.status === 'uploading' ? t('note.cancelUpload') : t('note.removeFile')}
        onClick={onRemove}
        data-testid="note-attachment-remove"
      >
        <CloseOutline />
      </button>
    </li>
  );
}
