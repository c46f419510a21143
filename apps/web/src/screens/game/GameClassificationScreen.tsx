import { useTranslation } from 'react-i18next';
import { useGameConditions, useGameList } from '../../api/queries/games';
import { useNavigate } from '../../core/navigation';
import { useRouteQuery } from '../../core/route-context';
import { EmptyState } from '../../ui/EmptyState';
import { PagedGames } from '../../ui/games/GameLists';
import { genreLabel } from '../../ui/games/labels';
import { NavBar } from '../../ui/NavBar';
import { LoadFailed, Pending } from '../../ui/QueryStates';
import { Screen } from '../../ui/Screen';
import {
  type ClassificationFilters,
  classificationPath,
  emptyResultKind,
  filtersFromQuery,
  listFilters,
  queryFromFilters,
} from './classification-query';
import { sortLabel } from './sections';
import './game.css';

interface FilterOption<V> {
  value: V;
  label: string;
}

/**
 * Browse the catalogue by emulator, genre, platform and order (/game/components/classification).
 * The filters are the address: each choice replaces it, so back leaves the screen and a reload
 * or a shared link shows the same games.
 */
export default function GameClassificationScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const filters = filtersFromQuery(useRouteQuery());
  const conditions = useGameConditions();

  const choose = (change: Partial<ClassificationFilters>) =>
    navigate(classificationPath({ ...filters, ...change }), { replace: true });

  const all = t('gamesUi.all');
  const options = conditions.data;
  return (
    <Screen className="game-classification-screen">
      <NavBar title={t('gamesUi.classificationTitle')} />
      {conditions.isPending ? (
        <Pending />
      ) : !options ? (
        <LoadFailed onRetry={() => conditions.refetch()} />
      ) : (
        <>
          <div className="game-filters" data-testid="game-filters">
            <FilterRow
              name="emulator"
              title={t('gamesUi.filters.emulator')}
              value={filters.emulator}
              options={[
                { value: null, label: all },
                ...options.emulator_type.map((e) => ({ value: e.emulator_uid, label: e.emulator_name })),
              ]}
              onChoose={(emulator) => choose({ emulator })}
            />
            <FilterRow
              name="genre"
              title={t('gamesUi.filters.genre')}
              value={filters.genre}
              options={[
                { value: null, label: all },
                ...options.genre.map((g) => ({ value: g, label: genreLabel(t, g) })),
              ]}
              onChoose={(genre) => choose({ genre })}
            />
            <FilterRow
              name="platform"
              title={t('gamesUi.filters.platform')}
              value={filters.platform}
              options={[
                { value: null, label: all },
                ...options.platform.map((p) => ({ value: p, label: p })),
              ]}
              onChoose={(platform) => choose({ platform })}
            />
            <FilterRow
              name="sort"
              title={t('gamesUi.filters.sort')}
              value={filters.sort}
              options={options.sort.map((s) => ({ value: s, label: sortLabel(t, s) }))}
              onChoose={(sort) => choose({ sort })}
            />
          </div>
          <Results key={queryFromFilters(filters)} filters={filters} />
        </>
      )}
    </Screen>
  );
}

function Results({ filters }: { filters: ClassificationFilters }) {
  const { t } = useTranslation();
  return (
    <PagedGames
      query={useGameList(listFilters(filters))}
      testId="game-classification-results"
      empty={
        emptyResultKind(filters) === 'coming-soon' ? <EmptyState text={t('common.coming_soon')} /> : undefined
      }
    />
  );
}

/** One filter: its name, then its choices in a row that scrolls sideways. */
function FilterRow<V extends string | null>({
  name,
  title,
  value,
  options,
  onChoose,
}: {
  name: string;
  title: string;
  value: V;
  options: FilterOption<V>[];
  onChoose: (value: V) => void;
}) {
  return (
    <fieldset className="game-filter" aria-label={title} data-filter={name}>
      <span className="game-filter__title">{title}</span>
      <div className="game-filter__options">
        {options.map((option) => (
          <button
            key={option.value ?? ''}
            type="button"
            aria-pressed={option.value === value}
            className={`game-filter__option${option.value === value ? ' game-filter__option--active' : ''}`}
            onClick={() => onChoose(option.value)}
          >
            {option.label}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
