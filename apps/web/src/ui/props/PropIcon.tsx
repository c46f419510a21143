import type { Prop } from '@pixelhall/contract';
import type { CSSProperties } from 'react';
import { usePostStyles } from '../../api/queries/posts';
import { propSwatch } from './prop-rules';
import './props.css';

/** 8×8 pixel art per kind; drawn in currentColor over the tile. */
const PIXELS: Record<Prop['kind'], string> = {
  // A paint drop.
  color: 'M3 0h2v1h1v2h1v3H6v1H5v1H3V7H2V6H1V3h1V1h1z',
  // A frame: the upgrade style that outlines a post.
  style: 'M0 0h8v8H0zM2 2v4h4V2z',
  // A push pin.
  pin: 'M2 0h4v1H5v2h1v1h1v1H5v3H3V5H1V4h1V3h1V1H2z',
  // A star of experience.
  experience:
    'M3 0h2v2H3zM0 2h8v1H0zM1 3h6v1H1zM2 4h4v1H2zM1 5h6v1H1zM1 6h2v1H1zM5 6h2v1H5zM0 7h2v1H0zM6 7h2v1H6z',
};

/**
 * A prop's picture: colour and style props show the very colour or frame they give (from
 * color/lists), pins and experience cards a pixel icon of their own.
 */
export function PropIcon({ prop, size = 48 }: { prop: Pick<Prop, 'kind' | 'effect'>; size?: number }) {
  const swatch = propSwatch(prop, usePostStyles().data);
  const style = {
    '--prop-icon-size': `${size}px`,
    ...(swatch ? { '--prop-swatch': swatch } : {}),
  } as CSSProperties;
  return (
    <span className={`prop-icon prop-icon--${prop.kind}${swatch ? ' prop-icon--swatch' : ''}`} style={style}>
      <svg viewBox="0 0 8 8" shape-rendering="crispEdges" aria-hidden="true">
        <path fill="currentColor" fillRule="evenodd" d={PIXELS[prop.kind]} />
      </svg>
    </span>
  );
}
