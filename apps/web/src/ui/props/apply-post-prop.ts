import type { Prop } from '@pixelhall/contract';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { usePostProp } from '../../api/queries/props';
import { confirmAction } from '../../core/confirm';

/**
 * Asks, then puts a prop on a post; resolves true once the server applied it. A second tap while
 * the question is open or the call is on its way does nothing.
 */
export function useApplyPostProp() {
  const { t } = useTranslation();
  const mutation = usePostProp();
  const busy = useRef(false);
  const apply = async (postId: number, prop: Prop): Promise<boolean> => {
    if (busy.current) return false;
    busy.current = true;
    try {
      const sure = await confirmAction({
        title: t('propsUi.use.confirmTitle'),
        content:
          prop.kind === 'pin'
            ? t('propsUi.onPost.confirmPin', { name: prop.name, hours: prop.effect })
            : t('propsUi.onPost.confirm', { name: prop.name }),
        confirmText: t('propsUi.use.action'),
      });
      if (!sure) return false;
      await mutation.mutateAsync({ postId, prop });
      return true;
    } catch {
      // "Lack of props", "Only the author can do this" or "Load failed" is on screen already.
      return false;
    } finally {
      busy.current = false;
    }
  };
  return { apply, pending: mutation.isPending };
}
