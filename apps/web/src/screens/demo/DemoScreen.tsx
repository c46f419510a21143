import { compareVersions, fileKind } from '@pixelhall/contract';
import { routes } from '@pixelhall/contract/routes';
import { Button, Tag } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/client';
import { showAlert, showFailToast, showLoading, showSuccessToast } from '../../core/feedback';
import { EmptyState } from '../../ui/EmptyState';
import { useFormat, useRelativeTime } from '../../ui/format';
import { NavBar } from '../../ui/NavBar';
import { Screen } from '../../ui/Screen';

const SWATCHES = [
  '--ph-bg',
  '--ph-surface',
  '--ph-surface-2',
  '--ph-border',
  '--ph-primary',
  '--ph-accent',
  '--ph-success',
  '--ph-danger',
];
const MINUTE = 60_000;

/**
 * A living gallery of the shared components, formatters and request feedback, for the people
 * who build screens. Its request buttons call the real server through the real client.
 */
export default function DemoScreen() {
  const fmt = useFormat();
  const { t } = useTranslation();
  const ago = useRelativeTime();
  const now = Date.now();
  const ignore = () => {};
  return (
    <Screen>
      <NavBar title={t('demo.title')} />
      <Section title={t('demo.colours')}>
        <div className="swatches">
          {SWATCHES.map((v) => (
            <div key={v} className="swatch" style={{ background: `var(${v})` }} title={v} />
          ))}
        </div>
      </Section>
      <Section title={t('demo.buttons')}>
        <div className="row">
          <Button color="primary" shape="rounded">
            {t('common.confirm')}
          </Button>
          <Button shape="rounded">{t('common.cancel')}</Button>
          <Button color="danger" fill="outline" shape="rounded">
            {t('demo.danger')}
          </Button>
          <Button loading shape="rounded">
            {t('shell.loading')}
          </Button>
          <Tag color="primary">{t('me.level', { level: 21 })}</Tag>
        </div>
      </Section>
      <Section title={t('demo.feedback')}>
        <div className="row">
          <Button size="small" onClick={() => showSuccessToast(t('demo.saved'))}>
            {t('demo.successToast')}
          </Button>
          <Button size="small" onClick={() => showFailToast(t('errors.load_failed'))}>
            {t('demo.failToast')}
          </Button>
          <Button
            size="small"
            onClick={() => {
              setTimeout(showLoading(), 1500);
            }}
          >
            {t('demo.loadingToast')}
          </Button>
          <Button
            size="small"
            onClick={() => showAlert({ content: t('errors.level_21_only'), confirmText: t('common.cancel') })}
          >
            {t('demo.dialog')}
          </Button>
        </div>
      </Section>
      <Section title={t('demo.requests')}>
        <p className="muted">{t('demo.requestsHint')}</p>
        <div className="row">
          <Button
            size="small"
            onClick={() => {
              request(routes.appVersion.checkVersion, {}, { loading: true }).catch(ignore);
            }}
          >
            {t('demo.requestLoading')}
          </Button>
          <Button
            size="small"
            data-testid="demo-fail"
            onClick={() => {
              request(routes.options.getOptions, { name: 'no_such_option' }).catch(ignore);
            }}
          >
            {t('demo.requestFail')}
          </Button>
          <Button
            size="small"
            data-testid="demo-expiry"
            onClick={() => {
              for (let i = 0; i < 3; i += 1)
                request(routes.users.getUser, {}, { login: false }).catch(ignore);
            }}
          >
            {t('demo.requestExpiry')}
          </Button>
        </div>
      </Section>
      <Section title={t('demo.formatters')}>
        <div className="demo-grid" data-testid="formatters">
          <code>30s</code>
          <span>{ago(now - 30_000, now)}</span>
          <code>5m</code>
          <span>{ago(now - 5 * MINUTE, now)}</span>
          <code>3h</code>
          <span>{ago(now - 180 * MINUTE, now)}</span>
          <code>4d</code>
          <span>{ago(now - 4 * 1440 * MINUTE, now)}</span>
          <code>45d</code>
          <span>{ago(now - 45 * 1440 * MINUTE, now)}</span>
          <code>1234567</code>
          <span>
            {fmt.compact(1234567)} · {fmt.compact(15300)} · {fmt.integer(1234567)}
          </span>
          <code>bytes</code>
          <span>
            {fmt.fileSize(512)} · {fmt.fileSize(1536)} · {fmt.fileSize(734_003_200)}
          </span>
          <code>date</code>
          <span>
            {fmt.dateTime(now)} · {fmt.compactDate(now)}
          </span>
          <code>version</code>
          <span>1.8.6 vs 1.8.6.1: {compareVersions('1.8.6', '1.8.6.1')}</span>
          <code>kind</code>
          <span>
            {['a.pdf', 'b.xlsx', 'c.nes', 'd.png', 'e.bin'].map((n) => `${n}→${fileKind(n)}`).join(' ')}
          </span>
        </div>
      </Section>
      <Section title={t('demo.empty')}>
        <div className="card">
          <EmptyState />
        </div>
      </Section>
    </Screen>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="section">
      <h2 className="section__title">{title}</h2>
      {children}
    </section>
  );
}
