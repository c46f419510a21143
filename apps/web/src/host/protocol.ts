/**
 * The message protocol between the app and its host (docs/product/calls-and-host.md#host-calls). The app sends
 * `{ id, call, payload }`; the host answers `{ id, code, msg, data }` (code 1 = success) and may
 * push `{ event, data }` at any time. A native shell and the in-browser web host speak it alike.
 */
export interface HostRequest {
  id: number;
  call: HostCall;
  payload?: unknown;
}

export interface HostReply<T = unknown> {
  id?: number;
  code: number;
  msg?: string;
  data?: T;
  /** Set by a native shell that has no handler for the call. */
  missing?: boolean;
}

/** The pushes of docs/product/calls-and-host.md#host-pushes; `importProgress` is ours (a ROM directory scan takes minutes). */
export type HostPushEvent = 'progress' | 'archiveProgress' | 'archiveList' | 'token' | 'importProgress';
export interface HostPush {
  event: HostPushEvent;
  data: unknown;
}

/** Every host call (docs/product/calls-and-host.md#host-calls); each host answers the ones it implements. */
export type HostCall =
  | 'start'
  | 'pause'
  | 'resume'
  | 'cancel'
  | 'remove'
  | 'clear'
  | 'getGameRomList'
  | 'getGameRomInfo'
  | 'startGame'
  | 'importGames'
  | 'getLocalGames'
  | 'removeLocalGames'
  | 'archiveStart'
  | 'archiveUpload'
  | 'archiveRemove'
  | 'archiveDownload'
  | 'archiveList'
  | 'loginStatusChanged'
  | 'getToken'
  | 'setToken'
  | 'getSystemInfo'
  | 'applicationInfo'
  | 'setStatusBarColor'
  | 'tokenExpire'
  | 'thirdPartyLogin'
  | 'machineTranslate'
  | 'closeLoginPage';

/** `thirdPartyLogin`: sign in with one of the providers `third/providers` lists. */
export interface ThirdPartyLoginRequest {
  provider: string;
  /** Where the app goes once signed in (the browser flow comes back to the app from outside). */
  redirect?: string | null;
}

/**
 * A native shell signs in with the provider's SDK and answers its ID token, which the app
 * exchanges through `third/login`; the web host leaves for the provider's page and answers null.
 */
export type ThirdPartyLoginResult = { idToken: string } | null;

/** Device info (docs/product/app-shell-and-settings.md#device-and-application-info). */
export interface SystemInfo {
  androidVersion: string;
  deviceName: string;
  /** Safe-area insets in CSS pixels. */
  top: number;
  bottom: number;
}

/** Application info (docs/product/app-shell-and-settings.md#device-and-application-info): `theme`, when present, forces the app theme. */
export interface ApplicationInfo {
  theme?: 'dark' | 'light';
  version: string;
  platform: 'web' | 'ios' | 'android';
}

export interface StatusBarStyle {
  /** The theme whose bar is shown; the bar is black for light and white for dark (docs/product/app-shell-and-settings.md#status-bar). */
  theme: 'dark' | 'light';
  color: string;
  background: string;
  hidden: boolean;
}

export interface HostTransport {
  /** Rejects with `Error("<call> not find")` when the host has no handler for the call. */
  invoke(call: HostCall, payload: unknown): Promise<HostReply>;
  onPush(listener: (push: HostPush) => void): void;
}
