import { POPUP_Z_INDEX_BASE } from '@pixelhall/contract';
import type { CSSProperties } from 'react';
import { useMemo } from 'react';

let top = POPUP_Z_INDEX_BASE;

/** The next layer: overlays opened later sit above earlier ones, from z-index 2000 (docs/product/app-shell-and-settings.md#overlays-and-toasts). */
export function nextOverlayZIndex(): number {
  top += 1;
  return top;
}

/** antd-mobile overlays read their layer from the `--z-index` variable. */
export function overlayStyle(zIndex: number): CSSProperties {
  return { '--z-index': String(zIndex) } as CSSProperties;
}

/** A layer taken each time the overlay opens, so it covers whatever was open before it. */
export function useOverlayStyle(visible: boolean): CSSProperties {
  const zIndex = useMemo(() => (visible ? nextOverlayZIndex() : POPUP_Z_INDEX_BASE), [visible]);
  return overlayStyle(zIndex);
}
