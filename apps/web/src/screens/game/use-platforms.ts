import { useMemo } from 'react';
import { useGameConditions } from '../../api/queries/games';

/** emulator_uid → the platform it plays (nes → NES), from home/conditionOpt. */
export function usePlatformNames(): ReadonlyMap<string, string> {
  const emulators = useGameConditions().data?.emulator_type;
  return useMemo(() => new Map((emulators ?? []).map((e) => [e.emulator_uid, e.platform])), [emulators]);
}
