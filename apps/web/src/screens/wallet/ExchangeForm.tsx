import type { Wallet } from '@pixelhall/contract';
import { Button, Input } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useExchange } from '../../api/queries/wallet';
import { confirmAction } from '../../core/confirm';
import { CurrencyIcon } from '../../ui/CurrencyIcon';
import { useFormat } from '../../ui/format';
import { exchangeAll, exchangePreview } from './exchange';

/**
 * Diamonds to gold: the rate, the gold the typed amount gives, and a confirmation before the
 * exchange. The amount follows docs/product/economy.md#exchange; more than the balance reads "Insufficient diamond
 * balance" before the server has to say it.
 */
export function ExchangeForm({ wallet }: { wallet: Wallet }) {
  const fmt = useFormat();
  const { t } = useTranslation();
  const exchange = useExchange();
  const [input, setInput] = useState('');
  // The confirmation is open or the call is on its way: a second tap must not start another.
  const busy = useRef(false);
  const preview = exchangePreview(input, wallet.gold_per_diamond, wallet.diamonds);
  const ready = preview.diamonds !== null && preview.gold !== null && preview.problem === null;

  const submit = async () => {
    const { diamonds, gold } = preview;
    if (!ready || diamonds === null || gold === null || busy.current) return;
    busy.current = true;
    try {
      const sure = await confirmAction({
        title: t('walletUi.exchange.confirmTitle'),
        content: t('walletUi.exchange.confirm', {
          diamonds: fmt.integer(diamonds),
          gold: fmt.integer(gold),
        }),
        confirmText: t('walletUi.exchange.submit'),
      });
      if (!sure) return;
      await exchange.mutateAsync(diamonds);
      setInput('');
    } catch {
      // The client already showed why (the fail toast, or "Load failed").
    } finally {
      busy.current = false;
    }
  };

  return (
    <form
      noValidate
      className="exchange-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      data-testid="exchange-form"
    >
      <p className="exchange-form__rate" data-testid="exchange-rate">
        <span className="muted">{t('walletUi.exchange.rateLabel')}</span>
        <span
          className="exchange-form__rate-value"
          title={t('walletUi.exchange.rate', { gold: fmt.integer(wallet.gold_per_diamond) })}
        >
          <CurrencyIcon kind="diamonds" size={14} coarse /> 1 = <CurrencyIcon kind="gold" size={14} coarse />{' '}
          {fmt.integer(wallet.gold_per_diamond)}
        </span>
      </p>
      <label className="exchange-form__label" htmlFor="exchange-amount">
        {t('walletUi.exchange.amount')}
      </label>
      <div className={`exchange-form__field${preview.problem ? ' exchange-form__field--error' : ''}`}>
        <CurrencyIcon kind="diamonds" size={18} coarse />
        <Input
          id="exchange-amount"
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('walletUi.exchange.placeholder')}
          value={input}
          onChange={setInput}
          aria-invalid={preview.problem !== null}
          data-testid="exchange-amount"
        />
        <button
          type="button"
          className="exchange-form__all"
          disabled={wallet.diamonds === 0}
          onClick={() => setInput(String(exchangeAll(wallet.diamonds)))}
        >
          {t('walletUi.exchange.all')}
        </button>
      </div>
      {preview.problem ? (
        <p className="exchange-form__error" role="alert" data-testid="exchange-error">
          {t(preview.problem)}
        </p>
      ) : null}
      <p className="exchange-form__preview" data-testid="exchange-preview">
        <span>{t('walletUi.exchange.youGet')}</span>
        <strong>
          <CurrencyIcon kind="gold" size={16} coarse />
          {preview.gold === null ? '—' : fmt.integer(preview.gold)}
        </strong>
      </p>
      <Button
        block
        type="submit"
        color="primary"
        shape="rounded"
        size="large"
        loading={exchange.isPending}
        disabled={!ready || exchange.isPending}
        data-testid="exchange-submit"
      >
        {t('walletUi.exchange.submit')}
      </Button>
    </form>
  );
}
