import { List } from 'antd-mobile';
import {
  ChatAddOutline,
  ClockCircleOutline,
  DownlandOutline,
  FolderOutline,
  PlayOutline,
  TagOutline,
} from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../core/navigation';

/**
 * The member's game corners on Me: their games, favourites, recent games, save archives and
 * downloads, and the feedback form. Shown to visitors too: games and local saves live on the
 * device; the pages that need an account send a visitor to log in.
 */
export function GameEntries() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className="section">
      <List className="list-card" data-testid="game-entries">
        <List.Item prefix={<PlayOutline />} onClick={() => navigate('/me/game')}>
          {t('gameSettingsUi.entries.myGames')}
        </List.Item>
        <List.Item prefix={<TagOutline />} onClick={() => navigate('/me/favorite')}>
          {t('gameSettingsUi.entries.favourites')}
        </List.Item>
        <List.Item prefix={<ClockCircleOutline />} onClick={() => navigate('/me/recent')}>
          {t('gameSettingsUi.entries.recent')}
        </List.Item>
        <List.Item prefix={<FolderOutline />} onClick={() => navigate('/me/archives')}>
          {t('gameSettingsUi.entries.archives')}
        </List.Item>
        <List.Item prefix={<DownlandOutline />} onClick={() => navigate('/game/download')}>
          {t('gameSettingsUi.entries.downloads')}
        </List.Item>
        <List.Item prefix={<ChatAddOutline />} onClick={() => navigate('/me/feedback')}>
          {t('gameSettingsUi.entries.feedback')}
        </List.Item>
      </List>
    </section>
  );
}
