import { Button } from 'antd-mobile';
import { HeartFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useFavouriteGames, useToggleFavourite } from '../../api/queries/games';
import { useNavigate } from '../../core/navigation';
import { EmptyState } from '../../ui/EmptyState';
import { useRelativeTime } from '../../ui/format';
import { PagedGames } from '../../ui/games/GameLists';
import { NavBar } from '../../ui/NavBar';
import { Screen } from '../../ui/Screen';
import './my-games.css';

/** /me/favorite: the member's favourite games, newest favourite first; the heart takes one off. */
export default function FavoriteGamesScreen() {
  const { t } = useTranslation();
  const query = useFavouriteGames();
  const toggle = useToggleFavourite();
  const relative = useRelativeTime();
  const navigate = useNavigate();
  return (
    <Screen>
      <NavBar title={t('myGamesUi.favourites')} />
      <PagedGames
        query={query}
        variant="row"
        testId="favourite-list"
        empty={
          <EmptyState text={t('myGamesUi.noFavourites')}>
            <Button size="small" shape="rounded" color="primary" onClick={() => navigate('/game')}>
              {t('myGamesUi.browse')}
            </Button>
          </EmptyState>
        }
        extra={(game) => t('myGamesUi.favouritedAt', { time: relative(game.collected_at) })}
        action={(game) => (
          <button
            type="button"
            className="icon-button favourite-off"
            aria-label={t('romUi.unfavourite')}
            data-testid="favourite-remove"
            disabled={toggle.isPending && toggle.variables?.id === game.id}
            // The toggle refetches the favourites, so the row leaves the list.
            onClick={() => toggle.mutate({ id: game.id, collect: false })}
          >
            <HeartFill />
          </button>
        )}
      />
    </Screen>
  );
}
