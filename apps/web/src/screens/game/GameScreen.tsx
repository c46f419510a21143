import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/EmptyState';
import { Screen } from '../../ui/Screen';
import { SearchEntry } from '../../ui/SearchEntry';

/** The game area's frame: title and search; the library's sections arrive with Games. */
export default function GameScreen() {
  const { t } = useTranslation();
  return (
    <Screen>
      <header className="screen-header">
        <div className="screen-header__row">
          <h1 className="screen-header__title">{t('gameHub.title')}</h1>
        </div>
        <SearchEntry to="/game/search" placeholder={t('gameHub.searchPlaceholder')} />
      </header>
      <section className="section">
        <h2 className="section__title">{t('gameHub.recommended')}</h2>
        <div className="card">
          <EmptyState />
        </div>
      </section>
    </Screen>
  );
}
