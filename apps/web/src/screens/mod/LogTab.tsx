import { MOD_ACTION_KINDS, type ModActionKind } from '@pixelhall/contract';
import { ActionSheet, type ActionSheetProps, Button } from 'antd-mobile';
import { DownOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LogFilter, useModLog, useModStaff } from '../../api/queries/moderation';
import { useOverlayStyle } from '../../core/overlay';
import { EmptyState } from '../../ui/EmptyState';
import { PagedList } from '../../ui/PagedList';
import { ActionEntry } from './ActionEntry';
import { MemberSheet } from './MemberSheet';

/**
 * The whole moderation log (administrators): who did what, to whom, when and why, newest
 * first, narrowed to one kind of action or one moderator (docs/product/moderation.md#the-desk-on-screen).
 */
export default function LogTab() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<LogFilter>({});
  const [picking, setPicking] = useState<'action' | 'moderator' | null>(null);
  const [memberId, setMemberId] = useState(0);
  const log = useModLog(filter);
  const staff = useModStaff();
  const moderators = staff.data?.list ?? [];
  const moderatorName = moderators.find((s) => s.user.id === filter.moderatorId)?.user.nickname;
  const actionStyle = useOverlayStyle(picking === 'action');
  const moderatorStyle = useOverlayStyle(picking === 'moderator');

  const actionChoices: ActionSheetProps['actions'] = [
    {
      key: 'all',
      text: t('modDesk.log.allActions'),
      onClick: () => setFilter((f) => ({ ...f, action: undefined })),
    },
    ...MOD_ACTION_KINDS.map((kind: ModActionKind) => ({
      key: kind,
      text: t(`modDesk.log.kinds.${kind}`),
      onClick: () => setFilter((f) => ({ ...f, action: kind })),
    })),
  ];
  const moderatorChoices: ActionSheetProps['actions'] = [
    {
      key: 'all',
      text: t('modDesk.log.allModerators'),
      onClick: () => setFilter((f) => ({ ...f, moderatorId: undefined })),
    },
    ...moderators.map((s) => ({
      key: String(s.user.id),
      text: s.user.nickname,
      onClick: () => setFilter((f) => ({ ...f, moderatorId: s.user.id })),
    })),
  ];

  return (
    <div className="mod-tab">
      <fieldset className="mod-filters">
        <legend className="visually-hidden">{t('modDesk.log.filters')}</legend>
        <Button
          size="small"
          shape="rounded"
          fill={filter.action ? 'solid' : 'outline'}
          color={filter.action ? 'primary' : 'default'}
          onClick={() => setPicking('action')}
          data-testid="mod-log-action-filter"
        >
          {filter.action ? t(`modDesk.log.kinds.${filter.action}`) : t('modDesk.log.allActions')}{' '}
          <DownOutline aria-hidden />
        </Button>
        <Button
          size="small"
          shape="rounded"
          fill={filter.moderatorId ? 'solid' : 'outline'}
          color={filter.moderatorId ? 'primary' : 'default'}
          onClick={() => setPicking('moderator')}
          data-testid="mod-log-moderator-filter"
        >
          {moderatorName ?? t('modDesk.log.allModerators')} <DownOutline aria-hidden />
        </Button>
      </fieldset>
      <PagedList
        query={log}
        testId="mod-log"
        className="mod-list mod-list--log"
        empty={<EmptyState text={t('modDesk.log.empty')} />}
        renderItem={(action) => <ActionEntry action={action} onMember={setMemberId} />}
      />
      <ActionSheet
        visible={picking === 'action'}
        extra={t('modDesk.log.pickAction')}
        actions={actionChoices}
        cancelText={t('common.cancel')}
        closeOnAction
        onClose={() => setPicking(null)}
        popupStyle={actionStyle}
      />
      <ActionSheet
        visible={picking === 'moderator'}
        extra={t('modDesk.log.pickModerator')}
        actions={moderatorChoices}
        cancelText={t('common.cancel')}
        closeOnAction
        onClose={() => setPicking(null)}
        popupStyle={moderatorStyle}
      />
      <MemberSheet userId={memberId} onClose={() => setMemberId(0)} />
    </div>
  );
}
