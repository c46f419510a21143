import type { AccountExport } from '@pixelhall/contract';
import { Button, SpinLoading } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportDownloadUrl, useExportStatus, useRequestExport } from '../../../api/queries/account-export';
import { useFormat } from '../../../ui/format';
import { LoadFailed, Pending } from '../../../ui/QueryStates';
import './export-section.css';

/** What the latest export means to the member now. */
type Shown = 'none' | 'preparing' | 'ready' | 'failed';

function shownOf(latest: AccountExport | null, now: number): Shown {
  if (!latest) return 'none';
  if (latest.state === 'pending' || latest.state === 'building') return 'preparing';
  if (latest.state === 'failed') return 'failed';
  // Past its date the job drops it soon; until then it is simply gone for the member.
  return latest.expires_at !== null && latest.expires_at > now ? 'ready' : 'none';
}

/**
 * Hands the zip to the browser: the address is minted now for a few minutes, and followed by a
 * plain link, so the browser streams the file to disk itself (a link cannot carry the token, and
 * a fetch would hold the whole zip in memory). The server's Content-Disposition names the file.
 */
async function startDownload(id: number): Promise<void> {
  const link = document.createElement('a');
  link.href = await exportDownloadUrl(id);
  link.download = '';
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * "Your data" in Account and security (docs/product/accounts-and-sessions.md#your-data): asking
 * for a zip of one's data, its progress while the server builds it, and the download for 7 days.
 */
export function ExportSection() {
  const { t } = useTranslation();
  const format = useFormat();
  const status = useExportStatus();
  const ask = useRequestExport();
  const [downloading, setDownloading] = useState(false);

  const download = async (id: number) => {
    setDownloading(true);
    try {
      await startDownload(id);
    } catch {
      // The failure's own toast (an expired copy, a lost connection) has told the member.
      await status.refetch();
    } finally {
      setDownloading(false);
    }
  };

  const body = () => {
    if (status.isPending) return <Pending />;
    if (status.isError || !status.data) return <LoadFailed onRetry={() => status.refetch()} />;
    const now = Date.now();
    const { export: latest, next_allowed_at: nextAt } = status.data;
    const shown = shownOf(latest, now);
    const mayAsk = shown !== 'preparing' && nextAt <= now;
    return (
      <>
        {shown === 'preparing' && (
          <p className="export-section__state" role="status" data-testid="export-preparing">
            <SpinLoading
              className="export-section__spinner"
              style={{ '--size': '18px' }}
              aria-hidden="true"
            />
            <span>{t('exportUi.preparing')}</span>
          </p>
        )}
        {shown === 'failed' && (
          <p
            className="export-section__state export-section__state--failed"
            role="status"
            data-testid="export-failed"
          >
            {t('exportUi.failed')}
          </p>
        )}
        {shown === 'ready' && latest && (
          <div className="export-section__ready" data-testid="export-ready">
            <p className="export-section__state" role="status">
              <span>
                <strong>
                  {t('exportUi.readyUntil', { date: format.dateTime(latest.expires_at ?? now) })}
                </strong>
                {latest.size !== null && (
                  <span className="export-section__size muted">
                    {t('exportUi.size', { size: format.fileSize(latest.size) })}
                  </span>
                )}
              </span>
            </p>
            <Button
              block
              shape="rounded"
              color="primary"
              loading={downloading}
              onClick={() => void download(latest.id)}
              data-testid="export-download"
            >
              {t('exportUi.download')}
            </Button>
          </div>
        )}
        {mayAsk ? (
          <Button
            block
            shape="rounded"
            fill="outline"
            color="primary"
            loading={ask.isPending}
            onClick={() => ask.mutate()}
            data-testid="export-request"
          >
            {t('exportUi.request')}
          </Button>
        ) : (
          shown !== 'preparing' && (
            <p className="export-section__next muted" data-testid="export-next">
              {t('exportUi.nextAt', { date: format.dateTime(nextAt) })}
            </p>
          )
        )}
      </>
    );
  };

  return (
    <div className="export-section" data-testid="export-section">
      <h2 className="section__title">{t('exportUi.title')}</h2>
      <div className="card notice-card">
        <p className="muted">{t('exportUi.text')}</p>
        {body()}
      </div>
    </div>
  );
}
