import { DOUBLE_TAP_MS, IMAGE_PREVIEW_MAX_ZOOM, IMAGE_PREVIEW_MIN_ZOOM } from '@pixelhall/contract';
import { describe, expect, it } from 'vitest';
import {
  canStep,
  clampIndex,
  clampView,
  clampZoom,
  doubleTapScale,
  IDENTITY_VIEW,
  isDoubleTap,
  panLimits,
  slidePosition,
  stepIndex,
  stripOffset,
  swipeStep,
  wheelZoom,
  zoomAbout,
} from './image-preview-logic';

const stage = { width: 400, height: 800 };
const fitted = { width: 400, height: 300 };

describe('zoom range', () => {
  it('keeps the zoom between 1/3 and 3', () => {
    expect(IMAGE_PREVIEW_MAX_ZOOM).toBe(3);
    expect(IMAGE_PREVIEW_MIN_ZOOM).toBeCloseTo(1 / 3);
    expect(clampZoom(5)).toBe(3);
    expect(clampZoom(0.1)).toBeCloseTo(1 / 3);
    expect(clampZoom(0.5)).toBe(0.5);
    expect(clampZoom(2.2)).toBe(2.2);
  });

  it('lets a picture stay smaller than 1×, centred', () => {
    expect(clampView({ scale: 0.5, x: 40, y: -30 }, fitted, stage)).toEqual({ scale: 0.5, x: 0, y: 0 });
  });

  it('double tap goes 1× → 2× and anything else → 1×', () => {
    expect(doubleTapScale(1)).toBe(2);
    expect(doubleTapScale(2)).toBe(1);
    expect(doubleTapScale(0.5)).toBe(1);
    expect(doubleTapScale(3)).toBe(1);
  });

  it('wheel zooms in on a scroll up and out on a scroll down, never past the range', () => {
    expect(wheelZoom(1, { deltaY: -100, deltaMode: 0, ctrlKey: false })).toBeGreaterThan(1);
    expect(wheelZoom(1, { deltaY: 100, deltaMode: 0, ctrlKey: false })).toBeLessThan(1);
    // A trackpad pinch (ctrl+wheel) moves in small steps; a mouse notch is capped.
    const pinch = wheelZoom(1, { deltaY: -4, deltaMode: 0, ctrlKey: true });
    expect(pinch).toBeGreaterThan(1);
    expect(pinch).toBeLessThan(1.1);
    expect(wheelZoom(1, { deltaY: 10_000, deltaMode: 0, ctrlKey: true })).toBeCloseTo(Math.exp(-0.5));
    // Firefox reports lines, not pixels.
    expect(wheelZoom(1, { deltaY: 3, deltaMode: 1, ctrlKey: false })).toBeCloseTo(Math.exp(-0.096));
    expect(wheelZoom(2.9, { deltaY: -1000, deltaMode: 0, ctrlKey: true })).toBe(3);
    expect(wheelZoom(0.34, { deltaY: 1000, deltaMode: 0, ctrlKey: true })).toBeCloseTo(1 / 3);
  });
});

describe('panning', () => {
  it('allows moving only as far as the zoomed picture overhangs the stage', () => {
    expect(panLimits(fitted, stage, 1)).toEqual({ x: 0, y: 0 });
    expect(panLimits(fitted, stage, 2)).toEqual({ x: 200, y: 0 });
    expect(panLimits(fitted, stage, 3)).toEqual({ x: 400, y: 50 });
    expect(clampView({ scale: 3, x: 999, y: -999 }, fitted, stage)).toEqual({ scale: 3, x: 400, y: -50 });
  });

  it('zooms about the tapped point, keeping it under the finger', () => {
    const anchor = { x: 100, y: 20 };
    const view = zoomAbout(IDENTITY_VIEW, 2, anchor, anchor, fitted, stage);
    expect(view).toEqual({ scale: 2, x: -100, y: 0 });
    // The picture point under the finger: (anchor - offset) / scale is unchanged (x; y is clamped).
    expect((anchor.x - view.x) / view.scale).toBe((anchor.x - 0) / 1);
  });

  it('follows the fingers during a pinch and clamps the result', () => {
    const from = { scale: 2, x: -100, y: 0 };
    // The fingers started at the centre and moved 300 px right while spreading to 3×.
    expect(zoomAbout(from, 3, { x: 0, y: 0 }, { x: 300, y: 0 }, fitted, stage)).toEqual({
      scale: 3,
      x: 150,
      y: 0,
    });
    expect(zoomAbout(from, 3, { x: 0, y: 0 }, { x: 900, y: 0 }, fitted, stage)).toEqual({
      scale: 3,
      x: 400,
      y: 0,
    });
    expect(zoomAbout(from, 10, { x: 0, y: 0 }, { x: 0, y: 0 }, fitted, stage).scale).toBe(3);
  });
});

describe('turning pages', () => {
  it('opens at the start index, clamped into the list', () => {
    expect(clampIndex(2, 5)).toBe(2);
    expect(clampIndex(9, 5)).toBe(4);
    expect(clampIndex(-1, 5)).toBe(0);
    expect(clampIndex(3, 0)).toBe(0);
  });

  it('stops at the ends without loop', () => {
    expect(stepIndex(0, -1, 3, false)).toBe(0);
    expect(stepIndex(2, 1, 3, false)).toBe(2);
    expect(stepIndex(1, 1, 3, false)).toBe(2);
    expect(canStep(0, -1, 3, false)).toBe(false);
    expect(canStep(2, 1, 3, false)).toBe(false);
    expect(canStep(1, -1, 3, false)).toBe(true);
  });

  it('wraps around with loop, but a single picture never moves', () => {
    expect(stepIndex(0, -1, 3, true)).toBe(2);
    expect(stepIndex(2, 1, 3, true)).toBe(0);
    expect(stepIndex(0, 1, 1, true)).toBe(0);
    expect(canStep(0, 1, 1, true)).toBe(false);
  });

  it('places only the neighbours of the shown picture beside it', () => {
    const placed = (index: number, count: number, loop: boolean, leaning: 1 | -1 = 1) =>
      Array.from({ length: count }, (_, slide) => slidePosition(slide, index, count, loop, leaning));
    expect(placed(0, 4, false)).toEqual([0, 1, null, null]);
    expect(placed(0, 4, true)).toEqual([0, 1, null, -1]);
    expect(placed(3, 4, true)).toEqual([1, null, -1, 0]);
    // Two pictures in a loop: the other one goes where the strip is heading.
    expect(placed(0, 2, true, 1)).toEqual([0, 1]);
    expect(placed(0, 2, true, -1)).toEqual([0, -1]);
    expect(placed(0, 2, false, -1)).toEqual([0, 1]);
  });

  it('turns on a long drag or a quick flick, in the direction of the drag', () => {
    expect(swipeStep(-150, 0, 400)).toBe(1);
    expect(swipeStep(150, 0, 400)).toBe(-1);
    expect(swipeStep(-60, -0.1, 400)).toBe(0);
    expect(swipeStep(-60, -0.8, 400)).toBe(1);
    expect(swipeStep(10, 2, 400)).toBe(0);
    // Flicked back against the drag: stay.
    expect(swipeStep(-60, 0.8, 400)).toBe(0);
  });

  it('resists a drag past the last picture', () => {
    expect(stripOffset(-100, true)).toBe(-100);
    expect(Math.abs(stripOffset(-100, false))).toBeLessThan(100);
  });
});

describe('double tap', () => {
  const first = { at: 1000, x: 100, y: 100 };

  it('pairs two taps within DOUBLE_TAP_MS near the same place', () => {
    expect(DOUBLE_TAP_MS).toBe(250);
    expect(isDoubleTap(first, { at: 1000 + DOUBLE_TAP_MS, x: 110, y: 95 })).toBe(true);
    expect(isDoubleTap(first, { at: 1100, x: 100, y: 100 })).toBe(true);
  });

  it('treats a late, distant or first tap as a single tap', () => {
    expect(isDoubleTap(null, first)).toBe(false);
    expect(isDoubleTap(first, { at: 1000 + DOUBLE_TAP_MS + 1, x: 100, y: 100 })).toBe(false);
    expect(isDoubleTap(first, { at: 1100, x: 300, y: 100 })).toBe(false);
  });
});
