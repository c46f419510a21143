import { List, Selector, Slider, Switch } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../core/confirm';
import { showSuccessToast } from '../../core/feedback';
import { type EmulatorSettings, useEmulatorSettings } from '../../state/emulator-settings';
import { useSession } from '../../state/session';

/** How games play on this device (state/emulator-settings, read by the player). */
export function EmulatorSection() {
  const { t } = useTranslation();
  const settings = useEmulatorSettings();
  const member = Boolean(useSession((s) => s.token));
  const padOptions: Array<{ label: string; value: EmulatorSettings['virtualPad'] }> = [
    { label: t('gameSettingsUi.emulator.padAuto'), value: 'auto' },
    { label: t('gameSettingsUi.emulator.padOn'), value: 'on' },
    { label: t('gameSettingsUi.emulator.padOff'), value: 'off' },
  ];
  const reset = async () => {
    const confirmed = await confirmAction({
      content: t('gameSettingsUi.emulator.resetConfirm'),
      confirmText: t('gameSettingsUi.emulator.resetAction'),
    });
    if (!confirmed) return;
    useEmulatorSettings.getState().reset();
    showSuccessToast(t('gameSettingsUi.emulator.resetDone'));
  };

  return (
    <section data-testid="emulator-settings">
      <h2 className="section__title">{t('gameSettingsUi.emulator.section')}</h2>
      <List className="list-card">
        <List.Item description={t('gameSettingsUi.emulator.padHint')}>
          <div className="emulator-setting__label">{t('gameSettingsUi.emulator.pad')}</div>
          <Selector
            className="emulator-setting__pad"
            columns={3}
            showCheckMark={false}
            options={padOptions}
            value={[settings.virtualPad]}
            // A Selector lets the chosen option be tapped off; a setting always has a value.
            onChange={(values) => values[0] && settings.set({ virtualPad: values[0] })}
            data-testid="emulator-pad"
          />
        </List.Item>
        <List.Item>
          <div className="emulator-setting__label">
            {t('gameSettingsUi.emulator.volume')}
            <span className="emulator-setting__value" data-testid="emulator-volume-value">
              {Math.round(settings.volume * 100)}%
            </span>
          </div>
          <Slider
            min={0}
            max={100}
            step={5}
            value={Math.round(settings.volume * 100)}
            onChange={(value) => settings.set({ volume: (Array.isArray(value) ? value[0] : value) / 100 })}
            aria-label={t('gameSettingsUi.emulator.volume')}
            data-testid="emulator-volume"
          />
        </List.Item>
        <List.Item
          description={t('gameSettingsUi.emulator.keepBatteryHint')}
          extra={
            <Switch
              checked={settings.keepBatterySaves}
              onChange={(keepBatterySaves) => settings.set({ keepBatterySaves })}
              aria-label={t('gameSettingsUi.emulator.keepBattery')}
              data-testid="emulator-keep-battery"
            />
          }
        >
          {t('gameSettingsUi.emulator.keepBattery')}
        </List.Item>
        <List.Item
          description={
            member ? t('gameSettingsUi.emulator.autoUploadHint') : t('gameSettingsUi.emulator.membersOnly')
          }
          extra={
            <Switch
              checked={member && settings.autoUpload}
              disabled={!member}
              onChange={(autoUpload) => settings.set({ autoUpload })}
              aria-label={t('gameSettingsUi.emulator.autoUpload')}
              data-testid="emulator-auto-upload"
            />
          }
        >
          {t('gameSettingsUi.emulator.autoUpload')}
        </List.Item>
        <List.Item onClick={() => void reset()} arrowIcon={false} data-testid="emulator-reset">
          <span className="emulator-setting__reset">{t('gameSettingsUi.emulator.reset')}</span>
        </List.Item>
      </List>
    </section>
  );
}
