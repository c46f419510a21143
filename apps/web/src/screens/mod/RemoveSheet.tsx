import { useTranslation } from 'react-i18next';
import { type ContentTarget, useRemoveContent } from '../../api/queries/moderation';
import { ReasonSheet } from './ReasonSheet';

export type RemoveTarget = { target: ContentTarget; id: number };

/**
 * Removing a post or a comment: the reason its author is told. The card leaves its queue as
 * the request goes (moderation.ts); the server's answer is the toast, and a refusal (already
 * removed, gone, outranked) brings the queue back as it stands.
 */
export function RemoveSheet({ target, onClose }: { target: RemoveTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useRemoveContent();
  const kind = target?.target ?? 'post';
  return (
    <ReasonSheet
      visible={target !== null}
      onClose={onClose}
      title={kind === 'post' ? t('modDesk.remove.post') : t('modDesk.remove.comment')}
      hint={t('modDesk.remove.hint')}
      submitText={t('modDesk.actions.remove')}
      pending={remove.isPending}
      danger
      testId="mod-remove-sheet"
      onSubmit={(reason) => {
        if (!target) return;
        remove.mutate({ ...target, reason });
        onClose();
      }}
    />
  );
}
