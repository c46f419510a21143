import { TabBar as AdmTabBar } from 'antd-mobile';
import { AppOutline, PlayOutline, UserOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useLatestNews } from '../api/queries/news';
import { useLocation } from '../core/hash-router';
import { useNavigate } from '../core/navigation';

const TABS = [
  { key: '/home', icon: <AppOutline />, label: 'tabs.home' },
  { key: '/game', icon: <PlayOutline />, label: 'tabs.game' },
  { key: '/me', icon: <UserOutline />, label: 'tabs.me' },
] as const;

export function TabBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const active = TABS.find((tab) => pathname.startsWith(tab.key))?.key ?? '/home';
  // Unread news shows on the Me tab, where the inbox is.
  const unread = useLatestNews().data?.unread ?? 0;
  return (
    <nav className="tab-bar" aria-label={t('tabs.label')}>
      <AdmTabBar activeKey={active} onChange={(key) => navigate(key)} safeArea={false}>
        {TABS.map((tab) => (
          <AdmTabBar.Item
            key={tab.key}
            icon={tab.icon}
            title={t(tab.label)}
            badge={tab.key === '/me' && unread > 0 ? (unread > 99 ? '99+' : unread) : undefined}
          />
        ))}
      </AdmTabBar>
    </nav>
  );
}
