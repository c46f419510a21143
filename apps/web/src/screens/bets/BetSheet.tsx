import { BET_AMOUNT_MAX, BET_SERVICE_CHARGE, type BetEvent } from '@pixelhall/contract';
import { Button, Input } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlaceBet } from '../../api/queries/bets';
import { useMe } from '../../api/queries/users';
import { BottomSheet } from '../../ui/BottomSheet';
import { CurrencyIcon } from '../../ui/CurrencyIcon';
import { useFormat } from '../../ui/format';
import { betPreview, formatOdds } from './bet-preview';
import type { BetOption } from './EventCard';

const QUICK_AMOUNTS = [10, 50, 100, 500];

/**
 * The bet slip: the chosen side, the stake, and before confirming the gross win, the 10 %
 * service charge and the prize. One confirmation is one request id (usePlaceBet), so a
 * doubled tap or a retry after a lost answer places the bet once.
 */
export function BetSheet({
  choice,
  onClose,
  onPlaced,
}: {
  choice: { event: BetEvent; option: BetOption } | null;
  onClose: () => void;
  onPlaced: () => void;
}) {
  const fmt = useFormat();
  const { t } = useTranslation();
  const visible = choice !== null;
  const gold = useMe().data?.gold;
  const place = usePlaceBet();
  const [amount, setAmount] = useState('');

  useEffect(() => {
    if (visible) setAmount('');
  }, [visible]);

  const preview = choice ? betPreview(amount, choice.option.odds) : { kind: 'empty' as const };
  const confirm = () => {
    if (!choice || preview.kind !== 'ok' || place.isPending) return;
    place.mutate(
      { eventId: choice.event.id, optionId: choice.option.id, amount: preview.amount },
      { onSuccess: onPlaced },
    );
  };

  return (
    <BottomSheet visible={visible} onClose={onClose} className="bet-sheet" destroyOnClose>
      {choice && (
        <div data-testid="bet-sheet">
          <h2 className="bet-sheet__title">{choice.event.title}</h2>
          <p className="bet-sheet__pick">
            {t('betsUi.yourPick')}
            <strong>{choice.option.label}</strong>
            <span className="bet-sheet__odds">×{formatOdds(choice.option.odds, fmt)}</span>
          </p>
          <label className="bet-sheet__label" htmlFor="bet-amount">
            {t('betsUi.amount')}
            {gold !== undefined && (
              <span className="bet-sheet__balance">
                <CurrencyIcon kind="gold" size={14} />
                {t('betsUi.balance', { amount: fmt.integer(gold) })}
              </span>
            )}
          </label>
          <div className={`bet-sheet__input${preview.kind === 'invalid' ? ' bet-sheet__input--error' : ''}`}>
            <CurrencyIcon kind="gold" size={20} />
            <Input
              id="bet-amount"
              value={amount}
              onChange={(value) => setAmount(value.replace(/[^\d]/g, '').slice(0, 7))}
              inputMode="numeric"
              placeholder={t('betsUi.amountPlaceholder', { max: fmt.integer(BET_AMOUNT_MAX) })}
              aria-invalid={preview.kind === 'invalid'}
              data-testid="bet-amount"
            />
          </div>
          {preview.kind === 'invalid' && (
            <p className="bet-sheet__error" role="alert">
              {t(preview.error)}
            </p>
          )}
          <div className="bet-sheet__quick">
            {QUICK_AMOUNTS.map((quick) => (
              <button key={quick} type="button" onClick={() => setAmount(String(quick))}>
                {fmt.integer(quick)}
              </button>
            ))}
          </div>
          <dl className="bet-sheet__preview" data-testid="bet-preview">
            <PreviewRow
              label={t('betsUi.stake')}
              value={preview.kind === 'ok' ? fmt.integer(preview.amount) : '—'}
            />
            <PreviewRow label={t('betsUi.odds')} value={`×${formatOdds(choice.option.odds, fmt)}`} />
            <PreviewRow
              label={t('betsUi.grossWin')}
              value={preview.kind === 'ok' ? fmt.integer(preview.gross) : '—'}
            />
            <PreviewRow
              label={t('betsUi.serviceCharge', { percent: Math.round(BET_SERVICE_CHARGE * 100) })}
              value={preview.kind === 'ok' ? `−${fmt.integer(preview.charge)}` : '—'}
              tone="charge"
            />
            <PreviewRow
              label={t('betsUi.prizeIfWins')}
              value={preview.kind === 'ok' ? fmt.integer(preview.prize) : '—'}
              tone="prize"
            />
          </dl>
          <Button
            block
            color="primary"
            shape="rounded"
            size="large"
            disabled={preview.kind !== 'ok'}
            loading={place.isPending}
            onClick={confirm}
            data-testid="bet-confirm"
          >
            {preview.kind === 'ok'
              ? t('betsUi.confirmAmount', { amount: fmt.integer(preview.amount) })
              : t('betsUi.confirm')}
          </Button>
        </div>
      )}
    </BottomSheet>
  );
}

function PreviewRow({ label, value, tone }: { label: string; value: string; tone?: 'charge' | 'prize' }) {
  return (
    <div className={`bet-sheet__row${tone ? ` bet-sheet__row--${tone}` : ''}`}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
