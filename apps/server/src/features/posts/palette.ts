import type { colorStyleSchema } from '@pixelhall/contract';
import type { z } from 'zod';
import { fail } from '../../http/app-error';

type ColorStyle = z.output<typeof colorStyleSchema>;

/**
 * What a post can wear. Colours tint the card's background; mid-saturation tones that keep white
 * text readable on the dark theme and dark text readable on the light one. Upgrade styles are
 * gradients, unlocked by level so that climbing levels shows.
 */
export const COLORS: readonly ColorStyle[] = [
  { id: 'crimson', value: '#d9485f', min_level: 1, prop_only: false },
  { id: 'amber', value: '#e8913a', min_level: 1, prop_only: false },
  { id: 'lime', value: '#6fae3e', min_level: 1, prop_only: false },
  { id: 'teal', value: '#2a9d8f', min_level: 1, prop_only: false },
  { id: 'sky', value: '#3a8fd9', min_level: 1, prop_only: false },
  { id: 'indigo', value: '#5b5fc7', min_level: 1, prop_only: false },
  { id: 'violet', value: '#9b59b6', min_level: 1, prop_only: false },
  { id: 'slate', value: '#5f6b7a', min_level: 1, prop_only: false },
  { id: 'gold', value: '#c9a227', min_level: 1, prop_only: true },
];

export const STYLES: readonly ColorStyle[] = [
  {
    id: 'arcade',
    value: 'linear-gradient(135deg, #ff6a88 0%, #ff99ac 100%)',
    min_level: 1,
    prop_only: false,
  },
  { id: 'neon', value: 'linear-gradient(135deg, #00c6a7 0%, #1e4d92 100%)', min_level: 5, prop_only: false },
  {
    id: 'sunset',
    value: 'linear-gradient(135deg, #f7971e 0%, #d6336c 100%)',
    min_level: 10,
    prop_only: false,
  },
  {
    id: 'legend',
    value: 'linear-gradient(135deg, #8e2de2 0%, #4a00e0 50%, #d4af37 100%)',
    min_level: 21,
    prop_only: false,
  },
  // Worn only through a prop (posts/prop), at any level: what a purchase buys that levels can't.
  {
    id: 'prism',
    value: 'linear-gradient(135deg, #ff7eb3 0%, #7afcff 35%, #feffb7 65%, #ff7eb3 100%)',
    min_level: 1,
    prop_only: true,
  },
];

/** A colour or style id chosen for a post: known, and within the member's level. */
export function assertStyleAllowed(
  palette: readonly ColorStyle[],
  id: string | null | undefined,
  level: number,
): void {
  if (id === null || id === undefined) return;
  const entry = palette.find((c) => c.id === id);
  if (!entry || entry.prop_only) throw fail('errors.style_unknown');
  if (level < entry.min_level) throw fail('errors.style_level', { level: entry.min_level });
}
