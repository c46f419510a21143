import type { Post } from '@pixelhall/contract';
import { Button } from 'antd-mobile';
import { LockOutline } from 'antd-mobile-icons';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnlockPost, useWallet } from '../../api/queries/wallet';
import { confirmAction } from '../../core/confirm';
import { useGuard } from '../../core/guard';
import { useAdultConfirmation } from '../../state/adult';
import { CurrencyIcon } from '../../ui/CurrencyIcon';
import './unlock.css';
import { useFormat } from '../../ui/format';

/**
 * A paid post the reader has not unlocked: its price and the Unlock button. A visitor is sent to
 * log in (docs/product/props-and-paid-content.md#paid-posts); a member confirms and pays with gold, and the whole post replaces the teaser
 * in every cache. Short of gold the client's "Not enough coins" dialog offers "Get coins".
 */
export function UnlockCard({ post }: { post: Post }) {
  const fmt = useFormat();
  const { t } = useTranslation();
  const guard = useGuard();
  const unlock = useUnlockPost();
  const gold = useWallet().data?.gold;
  const busy = useRef(false);
  const price = fmt.integer(post.price);

  const confirmAndPay = async () => {
    if (busy.current) return;
    busy.current = true;
    try {
      const sure = await confirmAction({
        title: t('postDetail.paidTitle'),
        content: t('unlockUi.confirm', { price }),
        confirmText: t('unlockUi.unlock'),
      });
      if (sure)
        await unlock.mutateAsync({
          id: post.id,
          adultConfirmed: useAdultConfirmation.getState().confirmed,
        });
    } catch {
      // The client already showed why: "Not enough coins" (1003), a fail toast or "Load failed".
    } finally {
      busy.current = false;
    }
  };

  return (
    <div className="paid-teaser unlock-card post-detail__paid" data-testid="paid-teaser">
      <div className="unlock-card__row">
        <span className="paid-teaser__lock" aria-hidden="true">
          <LockOutline />
        </span>
        <div className="paid-teaser__text">
          <strong>{t('postDetail.paidTitle')}</strong>
          <span>{t('unlockUi.explain', { price })}</span>
          {post.file_count > 0 && <span>{t('postDetail.paidFiles', { count: post.file_count })}</span>}
        </div>
        <span className="post-detail__price" data-testid="paid-price">
          <CurrencyIcon kind="gold" size={14} coarse />
          {price}
        </span>
      </div>
      <Button
        block
        color="primary"
        shape="rounded"
        className="unlock-card__button"
        loading={unlock.isPending}
        disabled={unlock.isPending}
        onClick={() => {
          guard({ action: () => void confirmAndPay() });
        }}
        data-testid="unlock-post"
      >
        <CurrencyIcon kind="gold" size={16} coarse />
        {t('unlockUi.button', { price })}
      </Button>
      {gold !== undefined && (
        <span className="unlock-card__balance" data-testid="unlock-balance">
          {t('unlockUi.balance', { gold: fmt.integer(gold) })}
        </span>
      )}
    </div>
  );
}
