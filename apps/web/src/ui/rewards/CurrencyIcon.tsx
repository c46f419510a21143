/** The reward kinds a claim can add (contract `addedSchema`). */
export type RewardKind = 'gold' | 'diamonds' | 'experience';

/** Pixel-art icons for gold, diamonds and experience; decorative, the amount carries the meaning. */
export function CurrencyIcon({ kind, size = 16 }: { kind: RewardKind; size?: number }) {
  return (
    <svg
      className={`currency-icon currency-icon--${kind}`}
      width={size}
      height={size}
      viewBox="0 0 16 16"
      shapeRendering="crispEdges"
      aria-hidden="true"
    >
      {kind === 'gold' ? (
        <>
          <path fill="#b86b00" d="M5 1h6v1h2v2h1v2h1v4h-1v2h-1v2h-2v1H5v-1H3v-2H2v-2H1V6h1V4h1V2h2z" />
          <path fill="#ffb020" d="M5 2h6v1h1v1h1v2h1v4h-1v2h-1v1h-1v1H5v-1H4v-1H3v-2H2V6h1V4h1V3h1z" />
          <path fill="#ffe39a" d="M5 3h3v1H5zM4 4h1v3H4z" />
          <path fill="#c97c00" d="M7 5h2v6H7z" />
        </>
      ) : kind === 'diamonds' ? (
        <>
          <path
            fill="#3fc8ff"
            d="M4 2h8v1h1v1h1v1h1v2h-1v1h-1v1h-1v1h-1v1h-1v1h-1v1h-1v1H7v-1H6v-1H5v-1H4V9H3V8H2V7H1V5h1V4h1V3h1z"
          />
          <path fill="#a6ecff" d="M4 3h3v2H3V4h1z" />
          <path fill="#1d8fd6" d="M8 7h6v1h-1v1h-1v1h-1v1h-1v1H9v1H8z" />
        </>
      ) : (
        <>
          <path
            fill="#2fd58b"
            d="M7 1h2v3h1v1h5v1h-1v1h-1v1h-1v2h1v2h-3v-1H6v1H3v-2h1V8H3V7H2V6H1V5h5V4h1z"
          />
          <path fill="#b9f7d8" d="M7 2h1v3H7zM3 6h3v1H3z" />
        </>
      )}
    </svg>
  );
}
