/** The host's safe-area values, in CSS pixels (getSystemInfo's `top` and `bottom`). */
export interface SafeAreaInsets {
  top: number;
  bottom: number;
}

/**
 * Hands the host's insets to the stylesheet. `--ph-safe-top` and `--ph-safe-bottom` (theme.css)
 * take the larger of these and CSS's own `env(safe-area-inset-*)`: a native shell whose WebView
 * reports no env() insets still clears the notch and the home indicator, and a shell that reports
 * both does not get them twice.
 */
export function applySafeArea(root: HTMLElement, insets: SafeAreaInsets): void {
  root.style.setProperty('--ph-host-safe-top', `${cssPixels(insets.top)}px`);
  root.style.setProperty('--ph-host-safe-bottom', `${cssPixels(insets.bottom)}px`);
}

/** A host may answer nonsense (negative, NaN): such a value counts as no inset. */
function cssPixels(value: number): number {
  return Number.isFinite(value) && value > 0 ? Math.round(value * 100) / 100 : 0;
}
