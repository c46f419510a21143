type Emulators = readonly { emulator_name: string; core_name: string }[] | undefined;

/**
 * The catalogue emulators that run on an EmulatorJS core, by name ("NES", or "Mega Drive, Master
 * System" where one core serves several): what a player knows a save by, unlike "fceumm". Empty
 * for a core the catalogue no longer lists, or while the list has not come.
 */
export function coreEmulators(emulators: Emulators, core: string): string {
  if (!core) return '';
  return (emulators ?? [])
    .filter((e) => e.core_name === core)
    .map((e) => e.emulator_name)
    .join(', ');
}
