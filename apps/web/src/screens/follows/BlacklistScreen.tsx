import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { type BlockedCard, useBlacklist, useUnblock } from '../../api/queries/follows';
import { confirmAction } from '../../core/confirm';
import { EmptyState } from '../../ui/EmptyState';
import { MemberRow } from '../../ui/MemberRow';
import { NavBar } from '../../ui/NavBar';
import { PagedList } from '../../ui/PagedList';
import { Screen } from '../../ui/Screen';
import './follows.css';

/** /me/blacklist: the members the caller blocked, newest first, each with a way back. */
export default function BlacklistScreen() {
  const { t } = useTranslation();
  const query = useBlacklist();
  return (
    <Screen>
      <NavBar title={t('blacklistUi.title')} />
      <p className="section muted blacklist-hint">{t('blacklistUi.hint')}</p>
      <PagedList
        query={query}
        testId="blacklist"
        empty={<EmptyState text={t('blacklistUi.empty')} />}
        renderItem={(card) => <MemberRow member={card} action={<UnblockButton card={card} />} />}
      />
    </Screen>
  );
}

function UnblockButton({ card }: { card: BlockedCard }) {
  const { t } = useTranslation();
  const unblock = useUnblock();
  const onClick = async () => {
    const confirmed = await confirmAction({
      content: t('blacklistUi.removeConfirm', { name: card.nickname }),
      confirmText: t('blacklistUi.remove'),
    });
    if (confirmed) unblock.mutate(card.id);
  };
  return (
    <Button
      size="small"
      shape="rounded"
      fill="outline"
      loading={unblock.isPending}
      onClick={() => void onClick()}
      data-testid="unblock-button"
    >
      {t('blacklistUi.remove')}
    </Button>
  );
}
