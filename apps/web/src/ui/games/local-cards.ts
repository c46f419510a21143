import type { ImportedGame, LocalGame } from '@pixelhall/contract/host';
import { useGameConditions } from '../../api/queries/games';
import type { GameCardData } from './card-data';

type Emulators = readonly { emulator_uid: string; emulator_name: string }[] | undefined;

/** The emulator's display name (the game page's "Emulator" row), or its key until the list has come. */
export function emulatorName(emulators: Emulators, uid: string): string {
  return emulators?.find((e) => e.emulator_uid === uid)?.emulator_name ?? uid;
}

/** emulator_uid → display name, from home/conditionOpt (cached for minutes). */
export function useEmulatorName(): (uid: string) => string {
  const emulators = useGameConditions().data?.emulator_type;
  return (uid) => emulatorName(emulators, uid);
}

/** A download-list entry as a game card (it always has a catalogue page). */
export function localCard(local: LocalGame, emulator: (uid: string) => string): GameCardData {
  return {
    id: local.gameId,
    name: local.gameName,
    cover: local.coverImage,
    emulator: emulator(local.emuName),
  };
}

/** An imported ROM as a game card: a catalogue page only when its MD5 matched a game. */
export function importedCard(rom: ImportedGame, emulator: (uid: string) => string): GameCardData {
  return { id: rom.gameId, name: rom.gameName, cover: rom.coverImage, emulator: emulator(rom.emuName) };
}
