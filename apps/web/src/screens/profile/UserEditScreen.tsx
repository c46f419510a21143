import { List } from 'antd-mobile';
import { type ChangeEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe, useUploadAvatarMutation } from '../../api/queries/users';
import { useNavigate } from '../../core/navigation';
import { NavBar } from '../../ui/NavBar';
import { Pending } from '../../ui/QueryStates';
import { Screen } from '../../ui/Screen';
import { TouristBanner } from '../../ui/TouristBanner';
import { UserAvatar } from '../../ui/UserAvatar';
import { AccountDetails } from './AccountDetails';

/** Edit profile: avatar, nickname and signature; the user name and e-mail are shown only. */
export default function UserEditScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: user } = useMe();
  const uploadAvatar = useUploadAvatarMutation();
  const picker = useRef<HTMLInputElement>(null);
  // The server keeps a visitor's name and picture as they are until the account is registered.
  const editable = user !== undefined && !user.is_tourist;

  const onPicked = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again still fires a change.
    event.target.value = '';
    if (file) uploadAvatar.mutate(file);
  };

  return (
    <Screen>
      <NavBar title={t('profileUi.edit.title')} />
      {user ? (
        <section className="section">
          {user.is_tourist && <TouristBanner />}
          <List className="list-card">
            <List.Item
              onClick={editable ? () => picker.current?.click() : undefined}
              extra={<UserAvatar user={user} size={48} />}
              description={editable ? t('profileUi.edit.avatarHint') : undefined}
              data-testid="edit-avatar"
            >
              {t('profileUi.edit.avatar')}
            </List.Item>
            <List.Item
              onClick={editable ? () => navigate('/user/edit/nickname') : undefined}
              extra={<span className="list-value">{user.nickname}</span>}
              data-testid="edit-nickname"
            >
              {t('profileUi.edit.nickname')}
            </List.Item>
            <List.Item
              onClick={editable ? () => navigate('/user/edit/signature') : undefined}
              extra={
                <span className={`list-value${user.signature ? '' : ' muted'}`}>
                  {user.signature || t('profileUi.edit.notSet')}
                </span>
              }
              data-testid="edit-signature"
            >
              {t('profileUi.edit.signature')}
            </List.Item>
          </List>
          <AccountDetails user={user} />
          <input
            ref={picker}
            type="file"
            accept="image/*"
            hidden
            onChange={onPicked}
            data-testid="avatar-input"
          />
        </section>
      ) : (
        <Pending />
      )}
    </Screen>
  );
}
