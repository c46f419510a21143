import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { persisted } from './persisted';

/** /me/setting/game's emulator settings: how games play on this device (docs/product/games-library-and-player.md#emulator-settings). */
export interface EmulatorSettings {
  /** The on-screen pad: on touch screens only (auto), always, or never. */
  virtualPad: 'auto' | 'on' | 'off';
  /** 0 … 1. */
  volume: number;
  /** Send a save state to the cloud as soon as it is saved (signed-in members). */
  autoUpload: boolean;
  /** Keep the battery save (in-game saves) of every game on this device. */
  keepBatterySaves: boolean;
}

export const DEFAULT_EMULATOR_SETTINGS: EmulatorSettings = {
  virtualPad: 'auto',
  volume: 0.5,
  autoUpload: false,
  keepBatterySaves: true,
};

interface EmulatorSettingsState extends EmulatorSettings {
  set(change: Partial<EmulatorSettings>): void;
  reset(): void;
}

export const useEmulatorSettings = create<EmulatorSettingsState>()(
  persist(
    (set) => ({
      ...DEFAULT_EMULATOR_SETTINGS,
      set: (change) => set(change),
      reset: () => set(DEFAULT_EMULATOR_SETTINGS),
    }),
    persisted<EmulatorSettingsState>('emulator-settings'),
  ),
);
