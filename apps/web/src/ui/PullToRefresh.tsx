import { type ReactNode, useEffect, useRef, useState } from 'react';
import { isPullGesture, PULL_HEAD_PX, type PullStatus, pullDistance, pullStatus } from './pull-to-refresh';
import './pull-to-refresh.css';

/** How long "Refreshed" stays before the head goes back up. */
const COMPLETE_MS = 500;

/** The nearest box that scrolls vertically around `element`, else the page's own scroller. */
function scrollParent(element: HTMLElement): Element {
  for (let node = element.parentElement; node; node = node.parentElement) {
    if (/auto|scroll/.test(getComputedStyle(node).overflowY)) return node;
  }
  return document.scrollingElement ?? document.documentElement;
}

/**
 * Pull down at the top of a list to refresh it: the head follows the finger (with resistance),
 * says when letting go will refresh, spins while `onRefresh` runs and says it is done. Touch
 * only, as on a phone. The app's own, light: antd-mobile's needs a gesture and an animation
 * library the first screen would otherwise download.
 */
export function PullToRefresh({
  onRefresh,
  pullingText,
  canReleaseText,
  refreshingText,
  completeText,
  children,
}: {
  onRefresh: () => Promise<unknown>;
  pullingText: ReactNode;
  canReleaseText: ReactNode;
  refreshingText: ReactNode;
  completeText: ReactNode;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<PullStatus>('pulling');
  const [height, setHeight] = useState(0);
  const [dragging, setDragging] = useState(false);
  const refreshRef = useRef(onRefresh);
  refreshRef.current = onRefresh;
  const busy = status === 'refreshing' || status === 'complete';

  useEffect(() => {
    const element = ref.current;
    if (!element || busy) return;
    let start: { x: number; y: number } | null = null;
    /** Null until the gesture is known to be a pull (or not). */
    let pulling: boolean | null = null;
    let distance = 0;

    const onStart = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (event.touches.length !== 1 || !touch || scrollParent(element).scrollTop > 0) {
        start = null;
        return;
      }
      start = { x: touch.clientX, y: touch.clientY };
      pulling = null;
      distance = 0;
    };
    const onMove = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (!start || !touch || pulling === false) return;
      const dx = touch.clientX - start.x;
      const dy = touch.clientY - start.y;
      if (pulling === null) {
        pulling = isPullGesture(dx, dy);
        if (!pulling) return;
        setDragging(true);
      }
      // The page would scroll or bounce under the finger otherwise.
      if (event.cancelable) event.preventDefault();
      distance = pullDistance(dy);
      setHeight(distance);
      setStatus(pullStatus(distance));
    };
    const onEnd = () => {
      if (!start || !pulling) return;
      start = null;
      pulling = null;
      setDragging(false);
      if (pullStatus(distance) !== 'canRelease') {
        setHeight(0);
        return;
      }
      setStatus('refreshing');
      setHeight(PULL_HEAD_PX);
      void refreshRef
        .current()
        .catch(() => undefined)
        .then(() => {
          setStatus('complete');
          return new Promise((done) => setTimeout(done, COMPLETE_MS));
        })
        .then(() => {
          setHeight(0);
          setStatus('pulling');
        });
    };

    element.addEventListener('touchstart', onStart, { passive: true });
    element.addEventListener('touchmove', onMove, { passive: false });
    element.addEventListener('touchend', onEnd);
    element.addEventListener('touchcancel', onEnd);
    return () => {
      element.removeEventListener('touchstart', onStart);
      element.removeEventListener('touchmove', onMove);
      element.removeEventListener('touchend', onEnd);
      element.removeEventListener('touchcancel', onEnd);
    };
  }, [busy]);

  const text = {
    pulling: pullingText,
    canRelease: canReleaseText,
    refreshing: refreshingText,
    complete: completeText,
  }[status];
  return (
    <div ref={ref} className="pull-refresh">
      <div
        className={`pull-refresh__head${dragging ? '' : ' pull-refresh__head--settling'}`}
        style={{ height }}
        role="status"
        aria-hidden={height === 0}
      >
        <div className="pull-refresh__text">{text}</div>
      </div>
      {children}
    </div>
  );
}
