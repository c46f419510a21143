/** Grades are named ranges of levels (docs/product/profiles-and-levels.md#grades); the app translates the name as `grade.<name>`. */
export const GRADES = [
  { name: 'novice', min_level: 1 },
  { name: 'player', min_level: 5 },
  { name: 'veteran', min_level: 10 },
  { name: 'expert', min_level: 21 },
  { name: 'master', min_level: 30 },
  { name: 'legend', min_level: 50 },
] as const;
export type GradeName = (typeof GRADES)[number]['name'];

export function gradeForLevel(level: number): GradeName {
  let grade: GradeName = GRADES[0].name;
  for (const g of GRADES) if (level >= g.min_level) grade = g.name;
  return grade;
}
