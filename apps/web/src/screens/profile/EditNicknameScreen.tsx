import { NICKNAME_MAX, validateNickname } from '@pixelhall/contract';
import { useTranslation } from 'react-i18next';
import { ProfileFieldForm } from './ProfileFieldForm';

/** The name other members see. */
export default function EditNicknameScreen() {
  const { t } = useTranslation();
  return (
    <ProfileFieldForm
      field="nickname"
      title={t('profileUi.edit.nickname')}
      placeholder={t('profileUi.edit.nicknamePlaceholder')}
      max={NICKNAME_MAX}
      validate={validateNickname}
    />
  );
}
