import type { SessionItem } from '@pixelhall/contract';
import { Button, List, Tag } from 'antd-mobile';
import { GlobalOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from '../../../api/queries/sessions';
import { confirmAction } from '../../../core/confirm';
import { useFormat, useRelativeTime } from '../../../ui/format';
import { LoadFailed, Pending } from '../../../ui/QueryStates';
import './sessions-section.css';

type DeviceKind = 'iphone' | 'android' | 'web';

/**
 * What the device said it is (docs/product/calls-and-host.md#headers): the app sends `iphone` or
 * `android_new`; anything else, or nothing, is taken for a browser.
 */
function deviceKind(deviceType: string | null): DeviceKind {
  const type = deviceType?.toLowerCase() ?? '';
  if (type === 'iphone' || type === 'ipad') return 'iphone';
  if (type.startsWith('android')) return 'android';
  return 'web';
}

/** Signed-in devices: each with where and when, this one marked, the others to sign out. */
export function SessionsSection() {
  const { t } = useTranslation();
  const sessions = useSessions();
  const revokeOthers = useRevokeOtherSessions();
  const list = sessions.data?.list ?? [];
  const others = list.filter((s) => !s.current);

  const confirmRevokeOthers = async () => {
    const confirmed = await confirmAction({
      content: t('sessionsUi.signOutOthersConfirm'),
      confirmText: t('sessionsUi.signOutOthersAction'),
      danger: true,
    });
    if (confirmed) revokeOthers.mutate();
  };

  return (
    <div className="sessions-section" data-testid="sessions-section">
      <h2 className="section__title">{t('sessionsUi.title')}</h2>
      {sessions.isPending ? (
        <Pending />
      ) : sessions.isError ? (
        <LoadFailed onRetry={() => sessions.refetch()} />
      ) : (
        <>
          <List className="list-card" data-testid="sessions-list">
            {list.map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </List>
          {others.length > 0 && (
            <Button
              block
              fill="outline"
              shape="rounded"
              className="sessions-section__others"
              loading={revokeOthers.isPending}
              onClick={() => void confirmRevokeOthers()}
              data-testid="sessions-sign-out-others"
            >
              {t('sessionsUi.signOutOthers')}
            </Button>
          )}
        </>
      )}
    </div>
  );
}

function SessionRow({ session }: { session: SessionItem }) {
  const { t } = useTranslation();
  const format = useFormat();
  const ago = useRelativeTime();
  const revoke = useRevokeSession();
  const kind = deviceKind(session.device_type);
  const device = t(`sessionsUi.device.${kind}`);
  const began = format.dateTime(session.created_at);

  const confirmRevoke = async () => {
    const confirmed = await confirmAction({
      content: t('sessionsUi.signOutConfirm', { device, date: began }),
      confirmText: t('sessionsUi.signOut'),
      danger: true,
    });
    if (confirmed) revoke.mutate(session.id);
  };

  return (
    <List.Item
      prefix={<DeviceIcon kind={kind} />}
      data-testid="session-row"
      data-session-id={session.id}
      data-current={session.current || undefined}
      description={
        <span className="session-row__details">
          {session.app_version && <span>{t('sessionsUi.version', { version: session.app_version })}</span>}
          <span>{t('sessionsUi.began', { date: began })}</span>
          <span>
            {session.current
              ? t('sessionsUi.activeNow')
              : t('sessionsUi.lastSeen', { when: ago(session.last_seen_at) })}
          </span>
          <span>
            {session.address
              ? t('sessionsUi.address', { address: session.address })
              : t('sessionsUi.addressUnknown')}
          </span>
        </span>
      }
      extra={
        session.current ? (
          <Tag color="primary" fill="outline" round data-testid="session-current">
            {t('sessionsUi.thisDevice')}
          </Tag>
        ) : (
          <Button
            size="small"
            shape="rounded"
            fill="outline"
            color="danger"
            loading={revoke.isPending}
            aria-label={t('sessionsUi.signOutLabel', { device, date: began })}
            onClick={() => void confirmRevoke()}
            data-testid="session-sign-out"
          >
            {t('sessionsUi.signOut')}
          </Button>
        )
      }
    >
      <span className="session-row__device">{device}</span>
    </List.Item>
  );
}

/** A phone for the app's two device types, a globe for a browser. */
function DeviceIcon({ kind }: { kind: DeviceKind }) {
  if (kind === 'web') return <GlobalOutline className="session-row__icon" aria-hidden="true" />;
  return (
    <svg className="session-row__icon" viewBox="0 0 24 24" aria-hidden="true">
      <rect
        x="6"
        y="2.5"
        width="12"
        height="19"
        rx="2.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
      />
      <path d="M10.5 18.5h3" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}
