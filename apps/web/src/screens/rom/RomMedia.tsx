import { PlayOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useGameMedia } from '../../api/queries/games';
import { showImagePreview } from '../../ui/ImagePreview';
import { LazyImage } from '../../ui/LazyImage';
import { avatarSrc } from '../../ui/UserAvatar';

/** Screenshots (tap to view full screen) and video links; nothing when the game has none. */
export function RomMedia({ gameId }: { gameId: number }) {
  const { t } = useTranslation();
  const media = useGameMedia(gameId).data;
  if (!media || (!media.screenshots.length && !media.videos.length)) return null;
  const urls = media.screenshots.map((s) => avatarSrc(s) ?? s);
  return (
    <section className="rom-section" data-testid="rom-media">
      <h2 className="section__title">{t('romUi.media')}</h2>
      {urls.length > 0 && (
        <ul className="rom-shots">
          {urls.map((url, index) => (
            <li key={url}>
              <button
                type="button"
                className="rom-shots__cell"
                aria-label={t('romUi.viewScreenshot', { index: index + 1, total: urls.length })}
                onClick={() => showImagePreview({ images: urls, startIndex: index })}
              >
                <LazyImage src={media.screenshots[index]!} alt="" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {media.videos.length > 0 && (
        <ul className="rom-videos">
          {media.videos.map((video, index) => (
            <li key={video}>
              <a href={video} target="_blank" rel="noopener noreferrer" className="rom-videos__link">
                <PlayOutline aria-hidden="true" />
                <span>{t('romUi.video', { index: index + 1 })}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
