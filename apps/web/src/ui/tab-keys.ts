/**
 * Which tab a key press moves to in a tab list (the WAI-ARIA tabs pattern): the arrows step and
 * wrap around, Home and End jump to the ends. Null for any other key, which the list leaves alone.
 */
export function tabIndexForKey(key: string, current: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowRight':
      return (current + 1) % count;
    case 'ArrowLeft':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
