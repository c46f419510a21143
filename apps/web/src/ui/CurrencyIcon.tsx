import type { CurrencyName } from '@pixelhall/contract';
import './currency-icon.css';

/** What an icon can stand for: a currency, or the experience a reward gives beside them. */
export type RewardKind = CurrencyName | 'experience';

/** Experience is drawn only in the outlined set: `coarse` takes a currency. */
export type CurrencyIconProps =
  | { kind: RewardKind; size?: number; coarse?: false }
  | { kind: CurrencyName; size?: number; coarse: true };

/**
 * Pixel-art icons for gold, diamonds and experience, `size` pixels high; decorative, the amount
 * beside them carries the meaning. Two drawings: the outlined 16-pixel ones of rewards (tasks,
 * levels, bets, the celebration), and with `coarse` the 8-pixel coin and diamond of prices and
 * balances (the wallet, props, paid posts).
 */
export function CurrencyIcon(props: CurrencyIconProps) {
  const size = props.size ?? 16;
  if (props.coarse) return props.kind === 'gold' ? <CoarseCoin size={size} /> : <CoarseDiamond size={size} />;
  const { kind } = props;
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

function CoarseCoin({ size }: { size: number }) {
  return (
    <svg
      className="currency-icon currency-icon--gold"
      viewBox="0 0 8 8"
      width={size}
      height={size}
      shapeRendering="crispEdges"
      aria-hidden="true"
    >
      <path fill="#ffb020" d="M2 0h4v1h1v1h1v4H7v1H6v1H2V7H1V6H0V2h1V1h1z" />
      <path fill="#ffe08a" d="M3 2h2v1H3zM2 3h1v2H2z" />
      <path fill="#c77700" d="M5 3h1v2H5zM3 5h2v1H3z" />
    </svg>
  );
}

/** A light crown over a shaded pavilion, a quarter wider than it is high. */
function CoarseDiamond({ size }: { size: number }) {
  return (
    <svg
      className="currency-icon currency-icon--diamonds"
      viewBox="0 0 10 8"
      width={Math.round(size * 1.25)}
      height={size}
      shapeRendering="crispEdges"
      aria-hidden="true"
    >
      <path fill="#35b8f5" d="M2 1h6v1h1v1h1v1H9v1H8v1H7v1H6v1H4V7H3V6H2V5H1V4H0V3h1V2h1z" />
      <path fill="#9ae6ff" d="M2 1h6v1h1v1H1V2h1z" />
      <path fill="#ffffff" d="M3 2h1v1H3z" />
      <path fill="#1b7fcf" d="M6 4h3v1H8v1H7v1H6z" />
    </svg>
  );
}
