import type { Game } from '@pixelhall/contract';
import { HeartFill, HeartOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useGameFavourite, useToggleFavourite } from '../../api/queries/games';
import { useGuard } from '../../core/guard';
import { useFormat } from '../../ui/format';
import { genreLabel } from '../../ui/games/labels';
import { showImagePreview } from '../../ui/ImagePreview';
import { LazyImage } from '../../ui/LazyImage';
import { avatarSrc } from '../../ui/UserAvatar';

/** The game's cover, name, chips, counters and the favourite toggle (members only). */
export function RomHero({ game }: { game: Game & { is_collected: boolean } }) {
  const fmt = useFormat();
  const { t } = useTranslation();
  const guard = useGuard();
  const toggle = useToggleFavourite();
  // The member's own state (collection/game) wins over the detail's, which may be older.
  const state = useGameFavourite(game.id).data;
  const collected = state?.is_collected ?? game.is_collected;
  const favourites = state?.favourite_count ?? game.favourite_count;
  const cover = avatarSrc(game.icon_image) ?? game.icon_image;
  const favourite = () =>
    guard({
      action: () => {
        if (!toggle.isPending) toggle.mutate({ id: game.id, collect: !collected });
      },
    });
  return (
    <section className="rom-hero">
      <button
        type="button"
        className="rom-hero__cover"
        aria-label={t('romUi.viewCover')}
        onClick={() => showImagePreview({ images: [cover] })}
      >
        <LazyImage src={game.icon_image} alt="" />
      </button>
      <div className="rom-hero__text">
        <h1 className="rom-hero__name" data-testid="rom-name">
          {game.game_name}
        </h1>
        <p className="rom-hero__chips">
          <span className="game-chip">{game.platform || game.emulator_type}</span>
          {game.genre && <span>{genreLabel(t, game.genre)}</span>}
          {game.version && <span>v{game.version}</span>}
        </p>
        <dl className="rom-hero__stats">
          <div>
            <dt>{t('romUi.downloads')}</dt>
            <dd data-testid="rom-download-count">{fmt.compact(game.download_count)}</dd>
          </div>
          <div>
            <dt>{t('romUi.favourites')}</dt>
            <dd data-testid="rom-favourite-count">{fmt.compact(favourites)}</dd>
          </div>
          <div>
            <dt>{t('romUi.plays')}</dt>
            <dd data-testid="rom-play-count">{fmt.compact(game.play_count)}</dd>
          </div>
        </dl>
      </div>
      <button
        type="button"
        className={`rom-hero__favourite${collected ? ' rom-hero__favourite--on' : ''}`}
        aria-pressed={collected}
        aria-label={collected ? t('romUi.unfavourite') : t('romUi.favourite')}
        data-testid="rom-favourite"
        disabled={toggle.isPending}
        onClick={favourite}
      >
        {collected ? <HeartFill fontSize={22} /> : <HeartOutline fontSize={22} />}
      </button>
    </section>
  );
}
