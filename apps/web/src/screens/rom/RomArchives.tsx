import type { Game } from '@pixelhall/contract';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from '../../core/hash-router';
import { useLocalArchives } from '../../games/archives';

/** This game's save states on this device, with a way to their slots; nothing when there are none. */
export function RomArchives({ game }: { game: Game }) {
  const { t } = useTranslation();
  // All of them: a game played from an imported file keeps its saves under that file's MD5.
  const { list } = useLocalArchives();
  const archive = list.find((a) => a.romMd5 === game.rom_md5 || a.gameId === game.id);
  if (!archive || (!archive.slots.length && !archive.battery)) return null;
  return (
    <section className="rom-section">
      <Link
        to={`/me/archives/slot?romMd5=${encodeURIComponent(archive.romMd5)}`}
        className="rom-archives card"
        data-testid="rom-archives"
      >
        <span className="rom-archives__text">
          <strong>{t('romUi.archives')}</strong>
          <span className="muted">
            {archive.slots.length
              ? t('romUi.slots', { count: archive.slots.length })
              : t('romUi.batteryOnly')}
          </span>
        </span>
        <RightOutline aria-hidden="true" />
      </Link>
    </section>
  );
}
