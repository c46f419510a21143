/**
 * What the API client does when an answer needs more than a toast: an expired session and "not
 * enough coins" open the shell's dialogs. The shell hands them over at start-up
 * (shell/connect-layers.ts), so the client never imports the shell
 * (docs/internals/web-layer-wiring.md). Until then (unit tests) such answers only reject.
 */
export interface AnswerHandlers {
  /** The session token was refused: sign out and offer to log in again. */
  sessionExpired(): void;
  /** Code 1003, with the server's message. */
  notEnoughGold(message: string): void;
}

let handlers: AnswerHandlers | null = null;

export function setAnswerHandlers(next: AnswerHandlers): void {
  handlers = next;
}

export function onSessionExpired(): void {
  handlers?.sessionExpired();
}

export function onNotEnoughGold(message: string): void {
  handlers?.notEnoughGold(message);
}
