import { NavBar as AdmNavBar } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useNavigate } from '../core/navigation';

/** A screen header with a back arrow; with no history to go back to, back leads home. */
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
  const navigate = useNavigate();
  const back = () => {
    if (window.history.length > 1 && window.history.state?.idx > 0) navigate(-1);
    else navigate('/home', { replace: true });
  };
  return (
    <AdmNavBar className={`nav-bar${className ? ` ${className}` : ''}`} onBack={back} right={right}>
      {title}
    </AdmNavBar>
  );
}
