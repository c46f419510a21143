import { useTranslation } from 'react-i18next';
import { useRecommendGames, useSimilarGames } from '../../api/queries/games';
import { GameStrip } from '../../ui/games/GameLists';

/** "More like this" (same emulator or genre) and the recommended games, each only when it has games. */
export function RomRelated({ gameId }: { gameId: number }) {
  const { t } = useTranslation();
  const similar = useSimilarGames(gameId, 9).data?.list ?? [];
  // The server may recommend the same games it finds similar: each game shows once.
  const shown = new Set([gameId, ...similar.map((g) => g.id)]);
  const recommended = (useRecommendGames({ game_id: gameId }, 18).data?.list ?? []).filter(
    (g) => !shown.has(g.id),
  );
  return (
    <div className="rom-related">
      {similar.length > 0 && (
        <GameStrip title={t('romUi.moreLikeThis')} games={similar} testId="rom-similar" />
      )}
      {recommended.length > 0 && (
        <GameStrip
          title={t('romUi.recommended')}
          games={recommended}
          moreTo="/game/components/recommend"
          testId="rom-recommended"
        />
      )}
    </div>
  );
}
