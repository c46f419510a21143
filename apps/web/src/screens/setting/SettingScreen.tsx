import { LOCALES } from '@pixelhall/contract';
import { CheckList, List, Switch } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../core/navigation';
import { loadLocale } from '../../i18n';
import { useEffectiveTheme, usePreferences } from '../../state/preferences';
import { useSession } from '../../state/session';
import { BottomSheet } from '../../ui/BottomSheet';
import { NavBar } from '../../ui/NavBar';
import { Screen } from '../../ui/Screen';
import { UpgradeStyleItem } from './UpgradeStyleItem';

/**
 * Settings: account and security, the blacklist and mutes, interface language, theme, the upgrade
 * style new posts start with, and the way to About & Upgrade.
 */
export default function SettingScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = usePreferences((s) => s.locale);
  const setLocale = usePreferences((s) => s.setLocale);
  const setTheme = usePreferences((s) => s.setTheme);
  const forced = usePreferences((s) => s.forcedTheme);
  const theme = useEffectiveTheme();
  const token = useSession((s) => s.token);
  const [picking, setPicking] = useState(false);
  return (
    <Screen>
      <NavBar title={t('settings.title')} />
      <section className="section">
        <h2 className="section__title">{t('profileUi.edit.account')}</h2>
        <List className="list-card">
          <List.Item
            onClick={() => navigate('/me/setting/accountandsecurity')}
            data-testid="account-security-item"
          >
            {t('profileUi.security.title')}
          </List.Item>
          <List.Item onClick={() => navigate('/me/blacklist')} data-testid="blacklist-item">
            {t('blacklistUi.title')}
          </List.Item>
          <List.Item onClick={() => navigate('/me/mute')} data-testid="mute-item">
            {t('muteUi.title')}
          </List.Item>
        </List>
        <h2 className="section__title">{t('settings.general')}</h2>
        <List className="list-card">
          <List.Item extra={locale.text} onClick={() => setPicking(true)} data-testid="language-item">
            {t('settings.language')}
          </List.Item>
          <List.Item
            description={forced ? t('settings.themeForced') : undefined}
            extra={
              <Switch
                checked={theme === 'dark'}
                disabled={Boolean(forced)}
                onChange={(dark) => setTheme(dark ? 'dark' : 'light')}
                aria-label={t('settings.darkTheme')}
                data-testid="theme-switch"
              />
            }
          >
            {t('settings.darkTheme')}
          </List.Item>
          <List.Item onClick={() => navigate('/me/setting/game')} data-testid="game-settings-item">
            {t('gameSettingsUi.title')}
          </List.Item>
        </List>
        {token && <UpgradeStyleItem />}
        <h2 className="section__title">{t('settings.about')}</h2>
        <List className="list-card">
          <List.Item onClick={() => navigate('/me/about')}>{t('about.title')}</List.Item>
        </List>
      </section>
      <BottomSheet visible={picking} onClose={() => setPicking(false)} flush>
        <div className="section">
          <h2 className="section__title">{t('settings.language')}</h2>
          <CheckList
            className="list-card"
            value={[locale.value]}
            onChange={(values) => {
              const next = LOCALES.find((l) => l.value === values[0]);
              setPicking(false);
              // The new language's catalogs load first, so the switch never shows a bare key.
              if (next) void loadLocale(next.value).then(() => setLocale({ ...next }));
            }}
          >
            {LOCALES.map((l) => (
              <CheckList.Item key={l.value} value={l.value}>
                {l.text}
              </CheckList.Item>
            ))}
          </CheckList>
        </div>
      </BottomSheet>
    </Screen>
  );
}
