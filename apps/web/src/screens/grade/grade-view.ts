import type { GradeName, LevelInfo } from '@pixelhall/contract';

export interface LevelBar {
  /** Through the current level, 0 to 1 (1 at the top level). */
  ratio: number;
  /** Experience gained since the level started, and the level's span. */
  into: number;
  span: number;
  /** Experience still needed for the next level; null at the top. */
  toNext: number | null;
}

/** The experience bar: from the level's start to the next level's threshold. */
export function levelBar(
  info: Pick<LevelInfo, 'experience' | 'level_experience' | 'next_experience'>,
): LevelBar {
  const into = Math.max(0, info.experience - info.level_experience);
  if (info.next_experience === null) return { ratio: 1, into, span: into, toNext: null };
  const span = Math.max(1, info.next_experience - info.level_experience);
  return {
    ratio: Math.min(1, into / span),
    into: Math.min(into, span),
    span,
    toNext: Math.max(0, info.next_experience - info.experience),
  };
}

/** Grades as ranges of levels ("Lv.5–9"), the last one ending at the top level. */
export function gradeRanges(
  grades: ReadonlyArray<{ name: GradeName; min_level: number }>,
  maxLevel: number,
): Array<{ name: GradeName; from: number; to: number }> {
  const sorted = [...grades].sort((a, b) => a.min_level - b.min_level);
  return sorted.map((g, i) => ({
    name: g.name,
    from: g.min_level,
    to: (sorted[i + 1]?.min_level ?? maxLevel + 1) - 1,
  }));
}
