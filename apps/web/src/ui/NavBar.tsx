import 'antd-mobile/es/components/nav-bar/nav-bar.css';
import { LeftOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../core/navigation';

/**
 * A screen header with a back arrow; with no history to go back to, back leads home. Drawn with
 * antd-mobile's NavBar classes but our own markup: antd's back control is a `role="button"` div
 * with no name that the keyboard cannot reach, while this one is a named <button>.
 */
export function NavBar({
  title,
  right,
  className,
}: {
  title: ReactNode;
  right?: ReactNode;
  /** Added to `nav-bar`, for a screen whose header looks different (a hero behind it). */
  className?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const back = () => {
    if (window.history.length > 1 && window.history.state?.idx > 0) navigate(-1);
    else navigate('/home', { replace: true });
  };
  return (
    <div className={`adm-nav-bar nav-bar${className ? ` ${className}` : ''}`}>
      <div className="adm-nav-bar-left">
        <button type="button" className="adm-nav-bar-back" aria-label={t('a11y.back')} onClick={back}>
          <span className="adm-nav-bar-back-arrow">
            <LeftOutline aria-hidden />
          </span>
        </button>
      </div>
      <div className="adm-nav-bar-title">{title}</div>
      <div className="adm-nav-bar-right">{right}</div>
    </div>
  );
}
