import type { ApplicationInfo, SystemInfo } from '@pixelhall/contract/host';
import { create } from 'zustand';

interface DeviceState {
  system: SystemInfo | null;
  application: ApplicationInfo | null;
  set(info: { system: SystemInfo; application: ApplicationInfo }): void;
}

/** What the host told us at start-up: device name (for X-Device-Type), safe areas, app info. */
export const useDevice = create<DeviceState>()((set) => ({
  system: null,
  application: null,
  set: (info) => set(info),
}));
