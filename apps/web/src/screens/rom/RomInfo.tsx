import type { Game } from '@pixelhall/contract';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../ui/format';
import { genreLabel } from '../../ui/games/labels';
import { useEmulatorName } from '../../ui/games/local-cards';

/** docs/product/games-library-and-player.md#game-detail: the description, then version, emulator, type, size and the two times. */
export function RomInfo({ game }: { game: Game }) {
  const fmt = useFormat();
  const { t } = useTranslation();
  const emulatorName = useEmulatorName();
  const rows: Array<[key: string, label: string, value: string]> = [
    ['version', t('romUi.version'), game.version || '—'],
    ['emulator', t('romUi.emulator'), emulatorName(game.emulator_type)],
    ['type', t('romUi.type'), game.genre ? genreLabel(t, game.genre) : '—'],
    ['platform', t('romUi.platform'), game.platform || '—'],
    ['size', t('romUi.size'), fmt.fileSize(game.size)],
    ['upload', t('romUi.uploadTime'), fmt.dateTime(game.upload_time)],
    ['update', t('romUi.updateTime'), fmt.dateTime(game.update_time)],
  ];
  return (
    <section className="rom-section">
      {game.description && (
        <>
          <h2 className="section__title">{t('romUi.about')}</h2>
          <p className="rom-description">{game.description}</p>
        </>
      )}
      <h2 className="section__title">{t('romUi.details')}</h2>
      <dl className="rom-info card" data-testid="rom-info">
        {rows.map(([key, label, value]) => (
          <div key={key} data-field={key}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
