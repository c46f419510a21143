import type { InventoryItem, Prop } from '@pixelhall/contract';
import { describe, expect, it } from 'vitest';
import { buyTotal, clampQuantity, experienceOf, isPostProp, postProps, propSwatch } from './prop-rules';

const prop = (id: number, kind: Prop['kind'], effect: string, extra: Partial<Prop> = {}): Prop => ({
  id,
  code: `p${id}`,
  name: `Prop ${id}`,
  description: '',
  kind,
  effect,
  currency: 'gold',
  price: 60,
  shelf_days: 30,
  ...extra,
});
const item = (p: Prop, count = 1): InventoryItem => ({ prop: p, count, expires_at: null });

const palette = {
  colors: [
    { id: 'crimson', value: '#d9485f', min_level: 1, prop_only: false },
    { id: 'gold', value: '#c9a227', min_level: 1, prop_only: true },
  ],
  styles: [{ id: 'prism', value: 'linear-gradient(#fff, #000)', min_level: 1, prop_only: true }],
};

describe('postProps', () => {
  it('keeps colours, styles and pins, not experience cards', () => {
    const items = [
      item(prop(1, 'color', 'gold')),
      item(prop(2, 'experience', '100')),
      item(prop(3, 'pin', '24'), 2),
      item(prop(4, 'style', 'prism')),
    ];
    expect(postProps(items).map((i) => i.prop.id)).toEqual([1, 3, 4]);
    expect(isPostProp(prop(2, 'experience', '100'))).toBe(false);
  });
});

describe('quantities and totals', () => {
  it('keeps a quantity within 1..99 and whole', () => {
    expect(clampQuantity(0)).toBe(1);
    expect(clampQuantity(3.7)).toBe(3);
    expect(clampQuantity(150)).toBe(99);
    expect(clampQuantity(Number.NaN)).toBe(1);
  });

  it('multiplies the price by the clamped quantity', () => {
    expect(buyTotal({ price: 150 }, 3)).toBe(450);
    expect(buyTotal({ price: 5 }, 500)).toBe(495);
  });
});

describe('propSwatch', () => {
  it('finds the prop-only colour and style a prop gives', () => {
    expect(propSwatch(prop(1, 'color', 'gold'), palette)).toBe('#c9a227');
    expect(propSwatch(prop(2, 'style', 'prism'), palette)).toBe('linear-gradient(#fff, #000)');
  });

  it('has none for pins, unknown ids or before the palette loaded', () => {
    expect(propSwatch(prop(3, 'pin', '24'), palette)).toBeNull();
    expect(propSwatch(prop(1, 'color', 'nope'), palette)).toBeNull();
    expect(propSwatch(prop(1, 'color', 'gold'), undefined)).toBeNull();
  });
});

describe('experienceOf', () => {
  it('reads the points of an experience card only', () => {
    expect(experienceOf(prop(1, 'experience', '100'))).toBe(100);
    expect(experienceOf(prop(2, 'pin', '24'))).toBeNull();
    expect(experienceOf(prop(3, 'experience', 'x'))).toBeNull();
  });
});
