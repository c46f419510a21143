/** The reasons a moderator picks from most often; "other" needs words of their own. */
export const REASON_PRESETS = ['spam', 'harassment', 'offTopic', 'illegal', 'other'] as const;
export type ReasonPreset = (typeof REASON_PRESETS)[number];

/** How long a suspension lasts, in hours: an hour, a day, three days, a week, a month. */
export const SUSPEND_HOURS = { h1: 1, d1: 24, d3: 72, d7: 168, d30: 720 } as const;
export type SuspendLength = keyof typeof SUSPEND_HOURS;

/**
 * The reason the author or member is told, in the moderator's words: the preset's name, then
 * what they added. It is stored as written; the member reads it as the moderator wrote it.
 */
export function composeReason(preset: string | null, details: string): string {
  const words = details.trim();
  if (!preset) return words;
  return words ? `${preset}: ${words}` : preset;
}

/**
 * What a reason sheet sends, or why it cannot yet: words are needed with no preset, with "other",
 * and where the sheet offers no presets at all; the whole reason fits the server's limit.
 */
export function checkReason(input: {
  presets: boolean;
  preset: ReasonPreset | null;
  /** The preset's name in the moderator's language. */
  presetLabel: string | null;
  details: string;
  max: number;
}): { reason: string } | { problem: 'needReason' | 'tooLong' } {
  const needsWords = !input.presets || input.preset === null || input.preset === 'other';
  if (needsWords && !input.details.trim()) return { problem: 'needReason' };
  const reason = composeReason(
    input.preset && input.preset !== 'other' ? input.presetLabel : null,
    input.details,
  );
  if ([...reason].length > input.max) return { problem: 'tooLong' };
  return { reason };
}
