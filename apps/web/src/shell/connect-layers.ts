import { setAnswerHandlers } from '../api/answer-handlers';
import { queryClient } from '../api/query-client';
import { firstScreenSettled } from '../core/first-screen-settled';
import { connectHost } from '../core/host-call';

/** The session dialogs load when an answer needs them, not with the first request. */
const sessionEvents = () => import('./session-events');

/**
 * Hands the lower layers what they call but may not import (docs/internals/web-layer-wiring.md):
 * the API client's expiry and not-enough-coins dialogs, and the host. Runs once at boot, before
 * the first request.
 */
export function connectLayers(): void {
  // The host loads with the first call that needs it, once the first screen has its data: the
  // app's first screen never waits for it.
  connectHost(async () => {
    await firstScreenSettled(queryClient);
    const { host } = await import('../host');
    return host;
  });
  setAnswerHandlers({
    sessionExpired: () => void sessionEvents().then((events) => events.onSessionExpired()),
    notEnoughGold: (message) => void sessionEvents().then((events) => events.onNotEnoughGold(message)),
  });
}
