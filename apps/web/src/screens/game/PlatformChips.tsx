import { useTranslation } from 'react-i18next';
import { useGameConditions } from '../../api/queries/games';
import { Link } from '../../core/hash-router';
import { LazyImage } from '../../ui/LazyImage';
import { classificationPath } from './classification-query';

/** The classification entry: one chip per emulator, and one for every game. */
export function PlatformChips() {
  const { t } = useTranslation();
  const emulators = useGameConditions().data?.emulator_type ?? [];
  if (!emulators.length) return null;
  return (
    <nav className="platform-chips" aria-label={t('gamesUi.platforms')} data-testid="game-platforms">
      <Link className="platform-chip platform-chip--all" to={classificationPath({})}>
        {t('gamesUi.allGames')}
      </Link>
      {emulators.map((emulator) => (
        <Link
          key={emulator.emulator_uid}
          className="platform-chip"
          to={classificationPath({ emulator: emulator.emulator_uid })}
          data-emulator={emulator.emulator_uid}
        >
          <span className="platform-chip__icon">
            <LazyImage src={emulator.icon_url_text} alt="" />
          </span>
          <span>{emulator.emulator_name}</span>
        </Link>
      ))}
    </nav>
  );
}
