import { SIGNATURE_MAX, validateSignature } from '@pixelhall/contract';
import { useTranslation } from 'react-i18next';
import { ProfileFieldForm } from './ProfileFieldForm';

/** A short line about the member, under their name. */
export default function EditSignatureScreen() {
  const { t } = useTranslation();
  return (
    <ProfileFieldForm
      field="signature"
      title={t('profileUi.edit.signature')}
      placeholder={t('profileUi.edit.signaturePlaceholder')}
      max={SIGNATURE_MAX}
      validate={validateSignature}
      multiline
    />
  );
}
