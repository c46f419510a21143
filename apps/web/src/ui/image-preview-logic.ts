import { DOUBLE_TAP_MS, IMAGE_PREVIEW_MAX_ZOOM, IMAGE_PREVIEW_MIN_ZOOM } from '@pixelhall/contract';

/** Where the shown picture sits: its zoom and its offset from the centre of the stage, in px. */
export interface View {
  scale: number;
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

/** A point relative to the centre of the stage, in px. */
export interface Point {
  x: number;
  y: number;
}

export const IDENTITY_VIEW: View = { scale: 1, x: 0, y: 0 };

/** The zoom a double tap goes to from 1× (and back). */
export const DOUBLE_TAP_ZOOM = 2;

/** Two taps further apart than this are two single taps, however quick. */
const DOUBLE_TAP_SLOP_PX = 40;

/** A drag past this share of the width turns the page on release. */
const SWIPE_DISTANCE_SHARE = 0.25;
/** A quicker flick (px/ms) turns the page even when short, once past the minimum distance. */
const FLICK_VELOCITY = 0.4;
const FLICK_MIN_PX = 24;

/** At the first or last picture (without loop), a drag moves the strip this much of the finger's way. */
const EDGE_RESISTANCE = 0.3;

export function clampZoom(scale: number): number {
  return Math.min(IMAGE_PREVIEW_MAX_ZOOM, Math.max(IMAGE_PREVIEW_MIN_ZOOM, scale));
}

/** The picture a start index names: out-of-range starts open the nearest end. */
export function clampIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return Math.min(count - 1, Math.max(0, Math.trunc(index)));
}

/** Whether there is a picture `step` away: always with loop (and more than one), else only inside. */
export function canStep(index: number, step: number, count: number, loop: boolean): boolean {
  if (count < 2) return false;
  if (loop) return true;
  const next = index + step;
  return next >= 0 && next < count;
}

/** The picture `step` away; with loop the ends wrap, without it they stay put. */
export function stepIndex(index: number, step: number, count: number, loop: boolean): number {
  if (!canStep(index, step, count, loop)) return index;
  return (((index + step) % count) + count) % count;
}

/**
 * Where picture `slide` sits in the strip while `index` is shown: -1 left, 0 centre, 1 right, or
 * null when it is not a neighbour. With loop and two pictures the other one is both neighbours:
 * `leaning` (the way the strip is heading, 1 = towards the next) picks its side.
 */
export function slidePosition(
  slide: number,
  index: number,
  count: number,
  loop: boolean,
  leaning: 1 | -1,
): -1 | 0 | 1 | null {
  if (slide === index) return 0;
  if (!loop) {
    const distance = slide - index;
    return distance === 1 || distance === -1 ? distance : null;
  }
  const ahead = (((slide - index) % count) + count) % count;
  if (ahead === 1 && ahead === count - 1) return leaning;
  if (ahead === 1) return 1;
  if (ahead === count - 1) return -1;
  return null;
}

/** How far the picture may move each way: until its zoomed edges meet the stage's edges. */
export function panLimits(fitted: Size, stage: Size, scale: number): Point {
  return {
    x: Math.max(0, (fitted.width * scale - stage.width) / 2),
    y: Math.max(0, (fitted.height * scale - stage.height) / 2),
  };
}

/** The view with its zoom in range and its offset inside the pan limits (centred when it fits). */
export function clampView(view: View, fitted: Size, stage: Size): View {
  const scale = clampZoom(view.scale);
  const limits = panLimits(fitted, stage, scale);
  // `+ 0` turns a -0 from clamping into 0, so views compare equal.
  return {
    scale,
    x: Math.min(limits.x, Math.max(-limits.x, view.x)) + 0,
    y: Math.min(limits.y, Math.max(-limits.y, view.y)) + 0,
  };
}

/**
 * Zooms `from` to `scale` so that the picture point that was under `anchor` ends up under
 * `target` (the same point for a tap or the wheel; the fingers' new centre during a pinch).
 */
export function zoomAbout(
  from: View,
  scale: number,
  anchor: Point,
  target: Point,
  fitted: Size,
  stage: Size,
): View {
  const next = clampZoom(scale);
  const ratio = next / from.scale;
  return clampView(
    { scale: next, x: target.x - (anchor.x - from.x) * ratio, y: target.y - (anchor.y - from.y) * ratio },
    fitted,
    stage,
  );
}

/** A double tap toggles between 1× and 2×; from any other zoom it goes back to 1×. */
export function doubleTapScale(scale: number): number {
  return Math.abs(scale - 1) < 0.01 ? DOUBLE_TAP_ZOOM : 1;
}

export interface Tap {
  at: number;
  x: number;
  y: number;
}

/** A tap that follows the previous one within DOUBLE_TAP_MS, near the same spot, completes a double tap. */
export function isDoubleTap(previous: Tap | null, tap: Tap): boolean {
  if (!previous) return false;
  const elapsed = tap.at - previous.at;
  return (
    elapsed >= 0 &&
    elapsed <= DOUBLE_TAP_MS &&
    Math.hypot(tap.x - previous.x, tap.y - previous.y) <= DOUBLE_TAP_SLOP_PX
  );
}

/**
 * Which way a released horizontal drag turns the page: 1 to the next picture (dragged left),
 * -1 to the previous, 0 to stay. `velocity` is signed, px/ms.
 */
export function swipeStep(distance: number, velocity: number, width: number): -1 | 0 | 1 {
  const far = Math.abs(distance) > width * SWIPE_DISTANCE_SHARE;
  const flick =
    Math.abs(velocity) > FLICK_VELOCITY &&
    Math.abs(distance) > FLICK_MIN_PX &&
    Math.sign(velocity) === Math.sign(distance);
  if (!far && !flick) return 0;
  return distance < 0 ? 1 : -1;
}

/** The strip follows the finger, but only reluctantly where there is no picture to show. */
export function stripOffset(distance: number, hasNeighbour: boolean): number {
  return hasNeighbour ? distance : distance * EDGE_RESISTANCE;
}

const LINE_PX = 16;
const PAGE_PX = 800;

/**
 * The zoom one wheel event asks for. A trackpad pinch arrives as ctrl+wheel with small deltas,
 * a mouse notch as about 100 px: each is capped so that one notch never jumps across the range.
 */
export function wheelZoom(
  scale: number,
  event: { deltaY: number; deltaMode: number; ctrlKey: boolean },
): number {
  const pixels = event.deltaY * (event.deltaMode === 1 ? LINE_PX : event.deltaMode === 2 ? PAGE_PX : 1);
  const step = Math.min(0.5, Math.max(-0.5, pixels * (event.ctrlKey ? 0.01 : 0.002)));
  return clampZoom(scale * Math.exp(-step));
}
