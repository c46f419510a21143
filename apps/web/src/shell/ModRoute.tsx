import { lazy } from 'react';
import { useStanding } from '../api/queries/standing';
import { ScreenFallback } from '../ui/Screen';

const ModScreen = lazy(() => import('../screens/mod/ModScreen'));
const NotFoundScreen = lazy(() => import('../screens/not-found/NotFoundScreen'));

/**
 * /mod: the desk for moderators and administrators; for anyone else (a member, a visitor's
 * account, a standing that cannot be read) the catch-all, as for a path that does not exist
 * (docs/product/moderation.md#the-desk-on-screen). This only spares them a screen that would fail: the
 * server answers every desk call below a moderator with "not found" all the same.
 */
export default function ModRoute() {
  const standing = useStanding();
  if (standing.isPending) return <ScreenFallback />;
  const role = standing.data?.role;
  return role === 'moderator' || role === 'admin' ? <ModScreen /> : <NotFoundScreen />;
}
