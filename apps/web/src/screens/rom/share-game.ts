import { useTranslation } from 'react-i18next';
import { showFailToast, showSuccessToast } from '../../core/feedback';
import { shareLink } from '../../core/share-link';

/** The address that opens a game's page: the app routes by hash, so this page's own with #/rom/<id>. */
export function gameLink(
  id: number,
  location: Pick<Location, 'origin' | 'pathname'> = window.location,
): string {
  return `${location.origin}${location.pathname}#/rom/${id}`;
}

/** Hands a game's page on: the system share sheet on phones, else the link is copied. */
export function useShareGame(): (game: { id: number; name: string }) => Promise<void> {
  const { t } = useTranslation();
  return async ({ id, name }) => {
    const outcome = await shareLink({ url: gameLink(id), title: name });
    if (outcome === 'copied') showSuccessToast(t('romUi.linkCopied'));
    else if (outcome === 'copy-failed') showFailToast(t('errors.copy_failed'));
  };
}
