import { useState } from 'react';

/**
 * The last value that was not null: a sheet keeps showing whom it was about while it slides
 * away after its parent let go of them.
 */
export function useLatest<T>(value: T | null): T | null {
  const [last, setLast] = useState(value);
  if (value !== null && value !== last) setLast(value);
  return value ?? last;
}
