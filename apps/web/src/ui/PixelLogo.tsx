/** The Pixelhall mark: a pixel-drawn "P" on the brand colour. */
export function PixelLogo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 16 16" shape-rendering="crispEdges" aria-hidden="true">
      <rect width="16" height="16" rx="3" fill="var(--ph-primary-fill)" />
      <path fill="#fff" d="M4 3h6v1h1v1h1v3h-1v1h-1v1H6v3H4zm2 2v3h3V7h1V6H9V5z" />
    </svg>
  );
}

export function Wordmark() {
  return (
    <span className="wordmark">
      <PixelLogo />
      <span>Pixelhall</span>
    </span>
  );
}
