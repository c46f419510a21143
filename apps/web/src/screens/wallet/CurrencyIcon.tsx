import type { CurrencyName } from '@pixelhall/contract';
import './currency.css';

/** A pixel gold coin (the same coin as the paid-post price), at any size. */
export function GoldIcon({ size = 16 }: { size?: number }) {
  return (
    <svg
      className="currency-icon currency-icon--gold"
      viewBox="0 0 8 8"
      width={size}
      height={size}
      shape-rendering="crispEdges"
      aria-hidden="true"
    >
      <path fill="#ffb020" d="M2 0h4v1h1v1h1v4H7v1H6v1H2V7H1V6H0V2h1V1h1z" />
      <path fill="#ffe08a" d="M3 2h2v1H3zM2 3h1v2H2z" />
      <path fill="#c77700" d="M5 3h1v2H5zM3 5h2v1H3z" />
    </svg>
  );
}

/** A pixel diamond: light crown, shaded pavilion. */
export function DiamondIcon({ size = 16 }: { size?: number }) {
  return (
    <svg
      className="currency-icon currency-icon--diamonds"
      viewBox="0 0 10 8"
      width={Math.round(size * 1.25)}
      height={size}
      shape-rendering="crispEdges"
      aria-hidden="true"
    >
      <path fill="#35b8f5" d="M2 1h6v1h1v1h1v1H9v1H8v1H7v1H6v1H4V7H3V6H2V5H1V4H0V3h1V2h1z" />
      <path fill="#9ae6ff" d="M2 1h6v1h1v1H1V2h1z" />
      <path fill="#ffffff" d="M3 2h1v1H3z" />
      <path fill="#1b7fcf" d="M6 4h3v1H8v1H7v1H6z" />
    </svg>
  );
}

export function CurrencyIcon({ currency, size }: { currency: CurrencyName; size?: number }) {
  return currency === 'gold' ? <GoldIcon size={size} /> : <DiamondIcon size={size} />;
}
