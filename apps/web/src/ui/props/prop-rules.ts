import {
  type DataOf,
  type InventoryItem,
  POST_PROP_KINDS,
  PROP_BUY_MAX,
  type Prop,
} from '@pixelhall/contract';
import type { routes } from '@pixelhall/contract/routes';

type Palette = DataOf<typeof routes.posts.colorLists>;

/** Props used on a post (posts/prop): a colour, an upgrade style or a topic pin. */
export function isPostProp(prop: Pick<Prop, 'kind'>): boolean {
  return POST_PROP_KINDS.includes(prop.kind);
}

/** The member's props that can go on a post, in the order the server listed them. */
export function postProps(items: readonly InventoryItem[]): InventoryItem[] {
  return items.filter((item) => isPostProp(item.prop) && item.count > 0);
}

/** A quantity typed or stepped: a whole number from 1 to PROP_BUY_MAX. */
export function clampQuantity(value: number): number {
  if (!Number.isFinite(value)) return 1;
  return Math.min(PROP_BUY_MAX, Math.max(1, Math.trunc(value)));
}

/** What `num` of a prop costs, in its own currency. */
export function buyTotal(prop: Pick<Prop, 'price'>, num: number): number {
  return prop.price * clampQuantity(num);
}

/**
 * The colour or gradient a colour or style prop gives, from color/lists. Prop-only entries
 * (gold, prism) are exactly the ones a prop gives, so they are looked up like any other.
 */
export function propSwatch(prop: Pick<Prop, 'kind' | 'effect'>, palette: Palette | undefined): string | null {
  if (!palette) return null;
  const list = prop.kind === 'color' ? palette.colors : prop.kind === 'style' ? palette.styles : null;
  return list?.find((entry) => entry.id === prop.effect)?.value ?? null;
}

/** The experience an experience card adds (its `effect`), or null for other props. */
export function experienceOf(prop: Pick<Prop, 'kind' | 'effect'>): number | null {
  if (prop.kind !== 'experience') return null;
  const points = Number(prop.effect);
  return Number.isInteger(points) && points > 0 ? points : null;
}
