import { LEDGER_REASON_NAMES, LOCALE_VALUES } from '@pixelhall/contract';
import { describe, expect, it } from 'vitest';
import { localeFormat } from '../../core/intl-format';
import type { Catalog } from '../../i18n';
import { appCatalogs } from '../../i18n/catalogs.testing';
import { ledgerReasonKey, signedAmount } from './ledger-labels';

const lookup = (catalog: Catalog, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Catalog | undefined)?.[part], catalog);

const APP_CATALOGS = appCatalogs();

describe('ledgerReasonKey', () => {
  it('has a label for every reason the server records, in every language', () => {
    for (const locale of LOCALE_VALUES) {
      for (const reason of LEDGER_REASON_NAMES) {
        expect(typeof lookup(APP_CATALOGS[locale], ledgerReasonKey(reason)), `${locale} ${reason}`).toBe(
          'string',
        );
      }
    }
  });
});

describe('signedAmount', () => {
  it('shows credits with a plus and debits with a minus sign, grouped by thousands', () => {
    const en = localeFormat('en-US');
    expect(signedAmount(1200, en)).toEqual({ sign: 'credit', text: '+1,200' });
    expect(signedAmount(-30, en)).toEqual({ sign: 'debit', text: '\u221230' });
    expect(signedAmount(-1_000_000, en)).toEqual({ sign: 'debit', text: '\u22121,000,000' });
    expect(signedAmount(-1_000_000, localeFormat('pt-BR'))).toEqual({
      sign: 'debit',
      text: '\u22121.000.000',
    });
  });
});
