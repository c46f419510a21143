/**
 * A small seeded generator (mulberry32): the same seed gives the same requests on every run and
 * engine, so a failure names a case that can be replayed.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  below(n: number): number;
  pick<T>(items: readonly T[]): T;
  /** `count` distinct items, in the order drawn. */
  sample<T>(items: readonly T[], count: number): T[];
}

export function seeded(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 15), z | 1);
    z ^= z + Math.imul(z ^ (z >>> 7), z | 61);
    return ((z ^ (z >>> 14)) >>> 0) / 4294967296;
  };
  const below = (n: number) => Math.floor(next() * n);
  return {
    next,
    below,
    pick: (items) => items[below(items.length)]!,
    sample(items, count) {
      const pool = [...items];
      const drawn: (typeof items)[number][] = [];
      while (drawn.length < count && pool.length > 0) drawn.push(pool.splice(below(pool.length), 1)[0]!);
      return drawn;
    },
  };
}

/** A stable seed for a name (an operation), so adding an endpoint leaves the others' cases alone. */
export function seedOf(name: string): number {
  let hash = 2166136261;
  for (let i = 0; i < name.length; i += 1) hash = Math.imul(hash ^ name.charCodeAt(i), 16777619);
  return hash >>> 0;
}
