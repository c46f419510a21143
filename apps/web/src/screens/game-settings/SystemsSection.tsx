import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useGameConditions } from '../../api/queries/games';
import { LazyImage } from '../../ui/LazyImage';
import { LoadFailed, Pending } from '../../ui/QueryStates';

/**
 * The emulators of `home/conditionOpt` with the file extensions each one plays, so a member
 * knows which of their files a scan will find.
 */
export function SystemsSection() {
  const { t } = useTranslation();
  const conditions = useGameConditions();
  const emulators = conditions.data?.emulator_type;
  return (
    <section data-testid="emulator-list">
      <h2 className="section__title">{t('gameSettingsUi.systems.section')}</h2>
      <p className="game-settings__hint">{t('gameSettingsUi.systems.hint')}</p>
      {emulators ? (
        <List className="list-card">
          {emulators.map((emulator) => (
            <List.Item
              key={emulator.emulator_uid}
              prefix={
                <span className="system-icon">
                  <LazyImage src={emulator.icon_url_text} alt="" />
                </span>
              }
              description={emulator.platform !== emulator.emulator_name ? emulator.platform : undefined}
              extra={
                <span className="system-extensions">
                  {emulator.extensions.map((extension) => `.${extension}`).join(' ')}
                </span>
              }
            >
              {emulator.emulator_name}
            </List.Item>
          ))}
        </List>
      ) : conditions.isError ? (
        <LoadFailed onRetry={() => conditions.refetch()} />
      ) : (
        <Pending />
      )}
    </section>
  );
}
