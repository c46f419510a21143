import type { BetEvent } from '@pixelhall/contract';
import { BetOperatorError } from './settlement';

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/**
 * A time as an operator types it: `+90m`, `+2h`, `+1d` from now, or an ISO date-time
 * (`2026-12-01T18:00Z`). A date-time without a zone is read as UTC, whatever the machine's zone.
 */
export function parseWhen(text: string, now: number, what: string): number {
  const value = text.trim();
  const relative = /^\+(\d{1,6})([mhd])$/.exec(value);
  if (relative) return now + Number(relative[1]) * UNIT_MS[relative[2] as keyof typeof UNIT_MS];
  if (/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(value)) {
    const zoned = /T|\s/.test(value) && !/(Z|[+-]\d{2}:?\d{2})$/.test(value) ? `${value}Z` : value;
    const ms = Date.parse(zoned.replace(' ', 'T'));
    if (Number.isFinite(ms)) return ms;
  }
  throw new BetOperatorError(`${what} "${text}" is not a time: give +2h, +90m, +1d or 2026-12-01T18:00Z`);
}

/** `"Red Team:1.85"` → a side and its decimal odds (the last colon separates them). */
export function parseSide(text: string): { label: string; odds: number } {
  const at = text.lastIndexOf(':');
  const odds = at < 0 ? '' : text.slice(at + 1).trim();
  if (at < 0 || !/^\d+(\.\d+)?$/.test(odds))
    throw new BetOperatorError(`--option "${text}" must be a name and decimal odds, like "Red Team:1.85"`);
  return { label: text.slice(0, at).trim(), odds: Number(odds) };
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/:00\.000Z$/, 'Z');

/** An event in a few readable lines for the console. */
export function describeEvent(event: BetEvent): string {
  const sides = event.options
    .map((o) => `${o.id === event.winner_option_id ? '✓ ' : ''}[${o.id}] ${o.label} ${o.odds.toFixed(2)}`)
    .join('   ');
  return [
    `event ${event.id} (${event.state}): ${event.title}`,
    `  betting closes ${iso(event.close_at)}, starts ${iso(event.start_at)}, ${event.bet_count} bet${event.bet_count === 1 ? '' : 's'}`,
    `  sides: ${sides}`,
    ...(event.description ? [`  ${event.description}`] : []),
  ].join('\n');
}
