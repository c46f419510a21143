import {
  DOUBLE_TAP_MS,
  IMAGE_PREVIEW_MAX_ZOOM,
  IMAGE_PREVIEW_MIN_ZOOM,
  IMAGE_PREVIEW_SWIPE_MS,
} from '@pixelhall/contract';
import { useGesture } from '@use-gesture/react';
import { CloseOutline, LeftOutline, RightOutline } from 'antd-mobile-icons';
import { type CSSProperties, type RefObject, useEffect, useEffectEvent, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { useAppEvent } from '../core/events';
import { nextOverlayZIndex } from '../core/overlay';
import {
  canStep,
  clampIndex,
  clampView,
  doubleTapScale,
  IDENTITY_VIEW,
  isDoubleTap,
  type Point,
  type Size,
  slidePosition,
  stepIndex,
  stripOffset,
  swipeStep,
  type Tap,
  type View,
  wheelZoom,
  zoomAbout,
} from './image-preview-logic';
import { ImageError, ImagePlaceholder } from './LazyImage';
import './image-preview.css';

export interface ImagePreviewOptions {
  /** Full addresses of the pictures, in order. */
  images: string[];
  /** The picture shown first (docs/product/app-shell-and-settings.md#picture-viewer). */
  startIndex?: number;
  /** Whether turning past the last picture comes back to the first (and the other way). */
  loop?: boolean;
}

export interface ImagePreviewHandle {
  close: () => void;
}

/**
 * Opens the full-screen picture viewer (docs/product/app-shell-and-settings.md#picture-viewer) above everything open so far: pinch, wheel
 * or double tap to zoom (1/3× to 3×), drag to pan when zoomed, swipe to turn. A single tap,
 * Escape, the close button or going back closes it.
 */
export function showImagePreview(options: ImagePreviewOptions): ImagePreviewHandle {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  let open = true;
  const close = () => {
    if (!open) return;
    open = false;
    // Closing usually starts inside one of the viewer's own handlers: let React finish it first.
    queueMicrotask(() => {
      root.unmount();
      host.remove();
      opener?.focus({ preventScroll: true });
    });
  };
  root.render(<ImagePreview {...options} zIndex={nextOverlayZIndex()} onClose={close} />);
  return { close };
}

/** Space between two pictures while the strip moves. */
const PAGE_GAP_PX = 16;

type Step = -1 | 1;

function ImagePreview({
  images,
  startIndex = 0,
  loop = false,
  zIndex,
  onClose,
}: ImagePreviewOptions & { zIndex: number; onClose: () => void }) {
  const { t } = useTranslation();
  const count = images.length;
  const [index, setIndex] = useState(() => clampIndex(startIndex, count));
  // `eased` animates a jump (double tap, settling); fingers and the wheel move the picture directly.
  const [shown, setShown] = useState({ view: IDENTITY_VIEW, eased: false });
  const [strip, setStrip] = useState<{ offset: number; turning: Step | null; eased: boolean }>({
    offset: 0,
    turning: null,
    eased: false,
  });
  const stageRef = useRef<HTMLDivElement>(null);
  const imageRef = useRef<HTMLImageElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  // Gesture events can arrive faster than React renders: these always hold the latest values.
  const viewRef = useRef(IDENTITY_VIEW);
  const turningRef = useRef<Step | null>(null);
  const lastTapRef = useRef<Tap | null>(null);
  const closeTimer = useRef<number | undefined>(undefined);
  const turnTimer = useRef<number | undefined>(undefined);

  useEffect(() => {
    dialogRef.current?.focus();
    return () => {
      window.clearTimeout(closeTimer.current);
      window.clearTimeout(turnTimer.current);
    };
  }, []);
  useAppEvent('popstate', onClose);

  const show = (view: View, eased: boolean) => {
    viewRef.current = view;
    setShown({ view, eased });
  };

  const measure = (): { stage: Size; fitted: Size } => {
    const stage = stageRef.current;
    const image = imageRef.current;
    return {
      stage: { width: stage?.clientWidth ?? 0, height: stage?.clientHeight ?? 0 },
      // The laid-out size ignores the zoom transform: it is the picture fitted into the stage.
      fitted: image?.naturalWidth
        ? { width: image.offsetWidth, height: image.offsetHeight }
        : { width: 0, height: 0 },
    };
  };

  const fromCentre = (clientX: number, clientY: number): Point => {
    const box = stageRef.current?.getBoundingClientRect();
    if (!box) return { x: 0, y: 0 };
    return { x: clientX - box.left - box.width / 2, y: clientY - box.top - box.height / 2 };
  };

  const settleStrip = () => setStrip({ offset: 0, turning: null, eased: true });

  const turn = (step: Step) => {
    if (turningRef.current !== null) return;
    if (!canStep(index, step, count, loop)) return settleStrip();
    turningRef.current = step;
    setStrip({ offset: 0, turning: step, eased: true });
    turnTimer.current = window.setTimeout(() => {
      turningRef.current = null;
      setIndex((current) => stepIndex(current, step, count, loop));
      // The new picture is now in the middle slot: put the strip back without animating.
      setStrip({ offset: 0, turning: null, eased: false });
      show(IDENTITY_VIEW, false);
    }, IMAGE_PREVIEW_SWIPE_MS);
  };

  const tapAt = (clientX: number, clientY: number) => {
    const tap = { at: performance.now(), x: clientX, y: clientY };
    if (isDoubleTap(lastTapRef.current, tap)) {
      lastTapRef.current = null;
      window.clearTimeout(closeTimer.current);
      const { stage, fitted } = measure();
      const point = fromCentre(clientX, clientY);
      const view = viewRef.current;
      show(zoomAbout(view, doubleTapScale(view.scale), point, point, fitted, stage), true);
      return;
    }
    lastTapRef.current = tap;
    // A single tap closes only once it is clear that no second tap is coming.
    window.clearTimeout(closeTimer.current);
    closeTimer.current = window.setTimeout(onClose, DOUBLE_TAP_MS);
  };

  useGesture(
    {
      onDrag: ({
        pinching,
        cancel,
        tap,
        xy: [x, y],
        movement: [mx, my],
        velocity: [vx],
        direction: [dx],
        last,
        memo,
      }) => {
        if (pinching) return cancel();
        if (tap) return tapAt(x, y);
        if (turningRef.current !== null) return memo;
        const start: View = memo ?? viewRef.current;
        if (start.scale > 1) {
          const { stage, fitted } = measure();
          show(clampView({ ...start, x: start.x + mx, y: start.y + my }, fitted, stage), false);
          return start;
        }
        if (!last) {
          const heading: Step = mx < 0 ? 1 : -1;
          setStrip({
            offset: stripOffset(mx, canStep(index, heading, count, loop)),
            turning: null,
            eased: false,
          });
          return start;
        }
        const step = swipeStep(mx, vx * dx, stageRef.current?.clientWidth ?? 0);
        if (step === 0) settleStrip();
        else turn(step);
        return start;
      },
      onPinch: ({ origin: [x, y], offset: [scale], memo }) => {
        if (turningRef.current !== null) return memo;
        const centre = fromCentre(x, y);
        const start: { view: View; anchor: Point } = memo ?? { view: viewRef.current, anchor: centre };
        // A one-finger drag may have moved the strip before the second finger came down.
        if (!memo) settleStrip();
        const { stage, fitted } = measure();
        show(zoomAbout(start.view, scale, start.anchor, centre, fitted, stage), false);
        return start;
      },
      onWheel: ({ event }) => {
        event.preventDefault();
        if (turningRef.current !== null) return;
        const { stage, fitted } = measure();
        const point = fromCentre(event.clientX, event.clientY);
        const view = viewRef.current;
        show(zoomAbout(view, wheelZoom(view.scale, event), point, point, fitted, stage), false);
      },
    },
    {
      target: stageRef,
      // Wheel and pinch must be able to stop the page (or the browser) from scrolling and zooming.
      eventOptions: { passive: false },
      drag: { filterTaps: true },
      pinch: {
        scaleBounds: { min: IMAGE_PREVIEW_MIN_ZOOM, max: IMAGE_PREVIEW_MAX_ZOOM },
        rubberband: false,
        from: () => [viewRef.current.scale, 0],
        // Every wheel zoom goes through onWheel, which tells a mouse notch from a trackpad pinch.
        pinchOnWheel: false,
      },
    },
  );

  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.key === 'Escape') onClose();
    else if (event.key === 'ArrowRight') turn(1);
    else if (event.key === 'ArrowLeft') turn(-1);
    else return;
    event.preventDefault();
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  const leaning: Step = strip.turning ?? (strip.offset > 0 ? -1 : 1);
  const stripStyle: CSSProperties = {
    transform:
      strip.turning === null
        ? `translate3d(${strip.offset}px, 0, 0)`
        : `translate3d(calc(${-strip.turning} * (100% + ${PAGE_GAP_PX}px)), 0, 0)`,
    transition: strip.eased ? `transform ${IMAGE_PREVIEW_SWIPE_MS}ms ease-out` : 'none',
  };
  const position = t('imagePreview.position', { index: index + 1, total: count });

  return (
    <div
      ref={dialogRef}
      className="image-preview"
      style={{ zIndex }}
      role="dialog"
      aria-modal="true"
      aria-label={t('imagePreview.title')}
      tabIndex={-1}
      data-testid="image-preview"
      data-index={index}
    >
      <div ref={stageRef} className="image-preview__stage" data-testid="image-preview-stage">
        <div className="image-preview__strip" style={stripStyle}>
          {images.map((src, slide) => {
            const place = slidePosition(slide, index, count, loop, leaning);
            const current = place === 0;
            return (
              <div
                // biome-ignore lint/suspicious/noArrayIndexKey: a post may show the same picture twice
                key={slide}
                className="image-preview__slide"
                hidden={place === null}
                style={{ transform: `translate3d(calc(${place ?? 0} * (100% + ${PAGE_GAP_PX}px)), 0, 0)` }}
                aria-hidden={!current}
              >
                <PreviewImage
                  src={src}
                  label={t('imagePreview.position', { index: slide + 1, total: count })}
                  view={current ? shown.view : IDENTITY_VIEW}
                  eased={current && shown.eased}
                  imageRef={current ? imageRef : undefined}
                />
              </div>
            );
          })}
        </div>
      </div>
      {count > 1 && (
        <div className="image-preview__counter" aria-hidden="true" data-testid="image-preview-counter">
          {t('imagePreview.counter', { index: index + 1, total: count })}
        </div>
      )}
      <span className="image-preview__announce" aria-live="polite">
        {position}
      </span>
      <button
        type="button"
        className="image-preview__button image-preview__close"
        aria-label={t('imagePreview.close')}
        onClick={onClose}
        data-testid="image-preview-close"
      >
        <CloseOutline />
      </button>
      {canStep(index, -1, count, loop) && (
        <button
          type="button"
          className="image-preview__button image-preview__turn image-preview__turn--previous"
          aria-label={t('imagePreview.previous')}
          onClick={() => turn(-1)}
        >
          <LeftOutline />
        </button>
      )}
      {canStep(index, 1, count, loop) && (
        <button
          type="button"
          className="image-preview__button image-preview__turn image-preview__turn--next"
          aria-label={t('imagePreview.next')}
          onClick={() => turn(1)}
        >
          <RightOutline />
        </button>
      )}
    </div>
  );
}

/** One picture, fitted to the stage; the placeholder while it loads and the error image if it fails. */
function PreviewImage({
  src,
  label,
  view,
  eased,
  imageRef,
}: {
  src: string;
  label: string;
  view: View;
  eased: boolean;
  imageRef?: RefObject<HTMLImageElement | null>;
}) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<'loading' | 'loaded' | 'failed'>('loading');
  return (
    <>
      {status === 'loading' && (
        <span className="image-preview__state">
          <ImagePlaceholder />
        </span>
      )}
      {status === 'failed' && (
        <span className="image-preview__state" role="img" aria-label={t('imagePreview.failed')}>
          <ImageError />
        </span>
      )}
      {status !== 'failed' && (
        <img
          ref={imageRef}
          className={`image-preview__image${eased ? ' image-preview__image--eased' : ''}`}
          src={src}
          alt={label}
          draggable={false}
          decoding="async"
          data-loaded={status === 'loaded'}
          style={{ transform: `translate3d(${view.x}px, ${view.y}px, 0) scale(${view.scale})` }}
          onLoad={() => setStatus('loaded')}
          onError={() => setStatus('failed')}
        />
      )}
    </>
  );
}
