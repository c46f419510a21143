import { LONG_PRESS_MS } from '@pixelhall/contract';
import {
  type PointerEvent as ReactPointerEvent,
  type SyntheticEvent,
  useEffect,
  useMemo,
  useRef,
} from 'react';

/** A finger drifts a little while held still; farther than this it is scrolling or dragging. */
export const LONG_PRESS_SLOP_PX = 10;
/** A browser sends the click of a release within a frame or two. */
const CLICK_AFTER_RELEASE_MS = 400;

interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

/**
 * A press held for `ms` without moving fires once. The press ends on release, cancel, scroll or
 * movement past the slop; a fired press swallows the click that its release would make, so the
 * thing under it (a card's link) does not also open.
 */
export class LongPressTracker {
  private timer: unknown = null;
  private start: { x: number; y: number } | null = null;
  private firing = false;
  private releasedAt: number | null = null;

  constructor(
    private readonly onLongPress: () => void,
    private readonly ms = LONG_PRESS_MS,
    private readonly timers: Timers = {
      set: (fn, delay) => setTimeout(fn, delay),
      clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    },
  ) {}

  /** Whether a press is under way (its timer running). */
  get pressing(): boolean {
    return this.timer !== null;
  }

  /** The press fired and the finger is still down: its context menu is held back. */
  get fired(): boolean {
    return this.firing;
  }

  down(x: number, y: number): void {
    this.cancel();
    this.firing = false;
    this.releasedAt = null;
    this.start = { x, y };
    this.timer = this.timers.set(() => {
      this.timer = null;
      this.firing = true;
      this.onLongPress();
    }, this.ms);
  }

  /** The finger lifted: a fired press's click follows at once and is swallowed. */
  up(now = Date.now()): void {
    if (this.firing) this.releasedAt = now;
    this.firing = false;
    this.cancel();
  }

  move(x: number, y: number): void {
    if (!this.start || this.timer === null) return;
    if (Math.hypot(x - this.start.x, y - this.start.y) > LONG_PRESS_SLOP_PX) this.cancel();
  }

  cancel(): void {
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
    this.start = null;
  }

  /**
   * The click after the release: true when it belongs to a fired press and must not act. Only
   * right after the release, so a later click (from the keyboard, say) is never lost.
   */
  takeClick(now = Date.now()): boolean {
    const swallow = this.releasedAt !== null && now - this.releasedAt < CLICK_AFTER_RELEASE_MS;
    this.releasedAt = null;
    return swallow;
  }
}

export interface LongPressHandlers {
  onPointerDown(event: ReactPointerEvent): void;
  onPointerMove(event: ReactPointerEvent): void;
  onPointerUp(): void;
  onPointerCancel(): void;
  onPointerLeave(): void;
  onContextMenu(event: SyntheticEvent): void;
  onClickCapture(event: SyntheticEvent): void;
}

/**
 * Long press (500 ms, docs/product/limits-and-errors.md) on a card opens its menu. Spread the
 * handlers on the card; keyboard and screen-reader users keep the card's own menu button. Only
 * a primary press counts (a mouse's right button has the browser's menu); the touch callout and
 * context menu a held finger would raise are held back while a press is under way.
 */
export function useLongPress(onLongPress: () => void, ms = LONG_PRESS_MS): LongPressHandlers {
  const latest = useRef(onLongPress);
  latest.current = onLongPress;
  const tracker = useMemo(
    () =>
      new LongPressTracker(() => {
        // A held finger may have started a text selection under it: the menu replaces it.
        window.getSelection()?.removeAllRanges();
        latest.current();
      }, ms),
    [ms],
  );

  useEffect(() => {
    // Scrolling the page (or any scroller under the card) is not holding still.
    const cancel = () => tracker.cancel();
    window.addEventListener('scroll', cancel, { capture: true, passive: true });
    return () => {
      window.removeEventListener('scroll', cancel, { capture: true });
      tracker.cancel();
    };
  }, [tracker]);

  return useMemo(
    () => ({
      onPointerDown: (event) => {
        if (!event.isPrimary || event.button !== 0) return;
        tracker.down(event.clientX, event.clientY);
      },
      onPointerMove: (event) => tracker.move(event.clientX, event.clientY),
      onPointerUp: () => tracker.up(),
      onPointerCancel: () => tracker.up(),
      onPointerLeave: () => tracker.up(),
      onContextMenu: (event) => {
        if (tracker.pressing || tracker.fired) event.preventDefault();
      },
      onClickCapture: (event) => {
        if (!tracker.takeClick()) return;
        event.preventDefault();
        event.stopPropagation();
      },
    }),
    [tracker],
  );
}
