import type { CurrencyName, LedgerEntry } from '@pixelhall/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWalletHistory } from '../../api/queries/wallet';
import { CurrencyIcon } from '../../ui/CurrencyIcon';
import { EmptyState } from '../../ui/EmptyState';
import { useFormat, useRelativeTime } from '../../ui/format';
import { PagedList } from '../../ui/PagedList';
import { ledgerReasonKey, signedAmount } from './ledger-labels';

const FILTERS: Array<CurrencyName | null> = [null, 'gold', 'diamonds'];

/** Every change of the member's balances, newest first, for both currencies or one. */
export function WalletHistory() {
  const { t } = useTranslation();
  const [currency, setCurrency] = useState<CurrencyName | null>(null);
  const query = useWalletHistory(currency);
  return (
    <div className="wallet-history">
      <div className="filter-chips">
        {FILTERS.map((value) => (
          <button
            key={value ?? 'all'}
            type="button"
            className={`filter-chip${currency === value ? ' filter-chip--active' : ''}`}
            aria-pressed={currency === value}
            onClick={() => setCurrency(value)}
            data-testid={`history-filter-${value ?? 'all'}`}
          >
            {value ? <CurrencyIcon kind={value} size={12} coarse /> : null}
            {value === null
              ? t('walletUi.history.all')
              : value === 'gold'
                ? t('walletUi.gold')
                : t('walletUi.diamonds')}
          </button>
        ))}
      </div>
      <PagedList
        query={query}
        testId="wallet-history"
        empty={<EmptyState text={t('walletUi.history.empty')} />}
        renderItem={(entry) => <HistoryItem entry={entry} />}
      />
    </div>
  );
}

function HistoryItem({ entry }: { entry: LedgerEntry }) {
  const fmt = useFormat();
  const { t } = useTranslation();
  const relative = useRelativeTime();
  const amount = signedAmount(entry.amount, fmt);
  const currency = entry.currency === 'gold' ? t('walletUi.gold') : t('walletUi.diamonds');
  return (
    <div className="ledger-item" data-testid="ledger-item" data-reason={entry.reason}>
      <span className={`ledger-item__icon ledger-item__icon--${entry.currency}`}>
        <CurrencyIcon kind={entry.currency} size={18} coarse />
      </span>
      <span className="ledger-item__body">
        <span className="ledger-item__reason">{t(ledgerReasonKey(entry.reason))}</span>
        <time className="ledger-item__time" dateTime={new Date(entry.created_at).toISOString()}>
          {relative(entry.created_at)}
        </time>
      </span>
      <span className="ledger-item__figures">
        <strong
          className={`ledger-item__amount ledger-item__amount--${amount.sign}`}
          title={`${amount.text} ${currency}`}
        >
          {amount.text}
        </strong>
        <span className="ledger-item__after">
          {t('walletUi.history.balanceAfter', { balance: fmt.integer(entry.balance_after) })}
        </span>
      </span>
    </div>
  );
}
