import { setAnswerHandlers } from '../api/answer-handlers';

/** The session dialogs load when an answer needs them, not with the first request. */
const sessionEvents = () => import('./session-events');

/**
 * Hands the lower layers what they call but may not import (docs/architecture.md, "The web
 * app's layers"): the API client's expiry and not-enough-coins dialogs. Runs once at boot,
 * before the first request.
 */
export function connectLayers(): void {
  setAnswerHandlers({
    sessionExpired: () => void sessionEvents().then((events) => events.onSessionExpired()),
    notEnoughGold: (message) => void sessionEvents().then((events) => events.onNotEnoughGold(message)),
  });
}
