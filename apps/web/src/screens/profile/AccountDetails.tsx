import type { User } from '@pixelhall/contract';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** The account's fixed details: the user name and the e-mail address (or that none is set). */
export function AccountDetails({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <>
      <h2 className="section__title">{t('profileUi.edit.account')}</h2>
      <List className="list-card">
        <List.Item extra={<span className="list-value">{user.username}</span>}>
          {t('profileUi.edit.username')}
        </List.Item>
        <List.Item
          extra={
            <span className={`list-value${user.email ? '' : ' muted'}`}>
              {user.email || t('profileUi.edit.notSet')}
            </span>
          }
        >
          {t('profileUi.edit.email')}
        </List.Item>
      </List>
    </>
  );
}
