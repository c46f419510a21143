import type { InventoryItem } from '@pixelhall/contract';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useMyProps } from '../../api/queries/props';
import { useNavigate } from '../../core/navigation';
import { BottomSheet } from '../../ui/BottomSheet';
import { EmptyState } from '../../ui/EmptyState';
import { useApplyPostProp } from '../../ui/props/apply-post-prop';
import { PropIcon } from '../../ui/props/PropIcon';
import { postProps } from '../../ui/props/prop-rules';
import { LoadFailed, Pending } from '../../ui/QueryStates';
import '../../ui/props/props.css';
import { useFormat } from '../../ui/format';

/**
 * From a post's "…" menu: the member's post props (colour, style, pin) with their counts;
 * choosing one puts it on this post. Without any, "Lack of props" and the way to the shop.
 */
export function UsePropSheet({
  postId,
  visible,
  onClose,
}: {
  postId: number;
  visible: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mine = useMyProps(visible);
  const { apply, pending } = useApplyPostProp();
  const items = mine.data ? postProps(mine.data.list) : [];
  return (
    <BottomSheet visible={visible} onClose={onClose} className="prop-sheet">
      <h2 className="prop-sheet__title">{t('propsUi.onPost.title')}</h2>
      <p className="prop-sheet__hint muted">{t('propsUi.onPost.hint')}</p>
      {mine.isPending ? (
        <Pending />
      ) : mine.isError ? (
        <LoadFailed onRetry={() => mine.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState text={t('errors.lack_of_props')}>
          <p className="prop-sheet__empty-hint muted">{t('propsUi.onPost.none')}</p>
          <Button
            color="primary"
            shape="rounded"
            onClick={() => {
              onClose();
              navigate('/me/props');
            }}
            data-testid="prop-sheet-shop"
          >
            {t('propsUi.toShop')}
          </Button>
        </EmptyState>
      ) : (
        <ul className="prop-sheet__list" data-testid="prop-sheet">
          {items.map((item) => (
            <li key={item.prop.id}>
              <PropChoice
                item={item}
                disabled={pending}
                onChoose={async () => {
                  if (await apply(postId, item.prop)) onClose();
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </BottomSheet>
  );
}

export function PropChoice({
  item,
  disabled,
  onChoose,
}: {
  item: InventoryItem;
  disabled?: boolean;
  onChoose: () => void;
}) {
  const fmt = useFormat();
  return (
    <button
      type="button"
      className="prop-choice"
      disabled={disabled}
      onClick={onChoose}
      data-testid="prop-choice"
      data-prop-code={item.prop.code}
    >
      <PropIcon prop={item.prop} size={40} />
      <span className="prop-choice__text">
        <strong>{item.prop.name}</strong>
        <span className="muted">{item.prop.description}</span>
      </span>
      <span className="prop-count">×{fmt.integer(item.count)}</span>
    </button>
  );
}
