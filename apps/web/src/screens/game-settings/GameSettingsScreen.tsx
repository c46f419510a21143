import { useTranslation } from 'react-i18next';
import { NavBar } from '../../ui/NavBar';
import { Screen } from '../../ui/Screen';
import { EmulatorSection } from './EmulatorSection';
import { RomDirectorySection } from './RomDirectorySection';
import { StorageSection } from './StorageSection';
import { SystemsSection } from './SystemsSection';
import './game-settings.css';

/**
 * /me/setting/game: where imported ROMs come from, how games play on this device, which
 * systems are supported and the room games take. Everything here lives on the device, so a
 * visitor has it too; only cloud upload waits for an account.
 */
export default function GameSettingsScreen() {
  const { t } = useTranslation();
  return (
    <Screen>
      <NavBar title={t('gameSettingsUi.title')} />
      <div className="section game-settings">
        <RomDirectorySection />
        <EmulatorSection />
        <SystemsSection />
        <StorageSection />
      </div>
    </Screen>
  );
}
