import type { InventoryItem, Prop } from '@pixelhall/contract';
import { Button } from 'antd-mobile';
import { ClockCircleOutline } from 'antd-mobile-icons';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMyProps, useUseProp } from '../../api/queries/props';
import { confirmAction } from '../../core/confirm';
import { showSuccessToast } from '../../core/feedback';
import { EmptyState } from '../../ui/EmptyState';
import { useFormat } from '../../ui/format';
import { PropIcon } from '../../ui/props/PropIcon';
import { experienceOf, isPostProp } from '../../ui/props/prop-rules';
import { LoadFailed, Pending } from '../../ui/QueryStates';
import { PickPostSheet } from './PickPostSheet';

/**
 * The member's props with their counts and expiry. An experience card is used here; a post
 * prop asks which post it goes on.
 */
export function MyProps({ onShop }: { onShop: () => void }) {
  const { t } = useTranslation();
  const mine = useMyProps();
  const [forPost, setForPost] = useState<Prop | null>(null);
  if (mine.isPending) return <Pending />;
  if (mine.isError) return <LoadFailed onRetry={() => mine.refetch()} />;
  if (!mine.data.list.length)
    return (
      <EmptyState text={t('propsUi.mine.empty')}>
        <Button color="primary" shape="rounded" onClick={onShop} data-testid="props-to-shop">
          {t('propsUi.toShop')}
        </Button>
      </EmptyState>
    );
  return (
    <>
      <ul className="prop-list" data-testid="my-props">
        {mine.data.list.map((item) => (
          <li key={item.prop.id}>
            <OwnedItem item={item} onUseOnPost={() => setForPost(item.prop)} />
          </li>
        ))}
      </ul>
      <PickPostSheet prop={forPost} onClose={() => setForPost(null)} />
    </>
  );
}

function OwnedItem({ item, onUseOnPost }: { item: InventoryItem; onUseOnPost: () => void }) {
  const fmt = useFormat();
  const { t } = useTranslation();
  const consume = useUseProp();
  const busy = useRef(false);
  const { prop } = item;
  const onPost = isPostProp(prop);

  const applyToSelf = async () => {
    if (busy.current) return;
    busy.current = true;
    try {
      const experience = experienceOf(prop);
      const sure = await confirmAction({
        title: t('propsUi.use.confirmTitle'),
        content:
          experience === null
            ? t('propsUi.use.confirm', { name: prop.name })
            : t('propsUi.use.confirmExperience', { name: prop.name, experience: fmt.integer(experience) }),
        confirmText: t('propsUi.use.action'),
      });
      if (!sure) return;
      const { added } = await consume.mutateAsync(prop);
      showSuccessToast(
        added.experience > 0
          ? t('propsUi.use.experienceAdded', { experience: fmt.integer(added.experience) })
          : t('economy.prop_used'),
      );
    } catch {
      // "Lack of props" or "Load failed" is on screen already.
    } finally {
      busy.current = false;
    }
  };

  return (
    <article className="prop-card prop-card--owned" data-testid="my-prop" data-prop-code={prop.code}>
      <PropIcon prop={prop} />
      <div className="prop-card__body">
        <h3 className="prop-card__name">
          {prop.name}
          <span className="prop-count" data-testid="my-prop-count">
            ×{fmt.integer(item.count)}
          </span>
        </h3>
        <p className="prop-card__description">{prop.description}</p>
        <div className="prop-card__buy">
          <span className="prop-card__shelf">
            <ClockCircleOutline />
            {item.expires_at === null
              ? t('propsUi.shelf.never')
              : t('propsUi.shelf.expires', { date: fmt.date(item.expires_at) })}
          </span>
          <Button
            size="small"
            color="primary"
            shape="rounded"
            fill={onPost ? 'outline' : 'solid'}
            loading={consume.isPending}
            disabled={consume.isPending}
            onClick={onPost ? onUseOnPost : () => void applyToSelf()}
            data-testid="my-prop-use"
          >
            {onPost ? t('propsUi.mine.useOnPost') : t('propsUi.use.action')}
          </Button>
        </div>
      </div>
    </article>
  );
}
