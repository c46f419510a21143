import { useStanding } from '../../api/queries/standing';
import { SuspensionNotice, useSuspension } from './SuspensionNotice';
import { WarningsNote } from './WarningsNote';

/**
 * The top of Me for a member moderators acted on: the suspension while it runs, and the
 * warnings of the last 90 days. Nothing at all for everyone else.
 */
export function StandingNotices() {
  const suspended = useSuspension() !== null;
  const warned = (useStanding().data?.warnings.length ?? 0) > 0;
  if (!suspended && !warned) return null;
  return (
    <section className="section stack" data-testid="standing-notices">
      <SuspensionNotice />
      <WarningsNote />
    </section>
  );
}
