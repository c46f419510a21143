import { useTranslation } from 'react-i18next';
import { useHomeSectionGames } from '../../api/queries/games';
import { useRouteQuery } from '../../core/route-context';
import { EmptyState } from '../../ui/EmptyState';
import { PagedGames } from '../../ui/games/GameLists';
import { NavBar } from '../../ui/NavBar';
import { Screen } from '../../ui/Screen';
import { type HomeSectionKey, parseSectionKey, sectionTitle } from './sections';
import './game.css';

/** All the games of one home section (/game/more?key=), paged. */
export default function GameMoreScreen() {
  const { t } = useTranslation();
  const key = parseSectionKey(useRouteQuery().get('key'));
  return (
    <Screen className="game-more-screen">
      <NavBar title={key ? sectionTitle(t, key) : t('gameHub.title')} />
      {key ? <SectionGames key={key} section={key} /> : <EmptyState />}
    </Screen>
  );
}

function SectionGames({ section }: { section: HomeSectionKey }) {
  return <PagedGames query={useHomeSectionGames(section)} testId="game-more-list" />;
}
