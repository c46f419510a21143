import { z } from 'zod';
import { translateTextPayload, translationSchema } from '../api/translation';
import { done, hostCall, hostPush, noPayload } from './define';

const theme = z.enum(['dark', 'light']);

/** What the app knows of the device: sent with feedback; the insets keep content off notches. */
export const systemInfoSchema = z.object({
  androidVersion: z.string().describe("The Android version, or '' elsewhere"),
  deviceName: z.string(),
  top: z.number().describe('Safe-area inset at the top, in CSS pixels'),
  bottom: z.number().describe('Safe-area inset at the bottom, in CSS pixels'),
});

export const applicationInfoSchema = z.object({
  theme: theme.optional().describe('When present, forces the app theme'),
  version: z.string(),
  platform: z.enum(['web', 'ios', 'android']),
});

export const statusBarStyleSchema = z.object({
  theme: theme.describe('The theme whose bar is shown: black text for light, white for dark'),
  color: z.string().describe('The colour of the bar text and icons'),
  background: z.string().describe('The colour behind the bar'),
  hidden: z.boolean(),
});

export const tokenSchema = z.string().nullable().describe('The session token; null when signed out');

export const thirdPartyLoginRequestSchema = z.object({
  provider: z.string().min(1).describe('One of the providers `third/providers` lists'),
  redirect: z
    .string()
    .nullable()
    .optional()
    .describe('Where the app goes once signed in (the browser flow comes back from outside)'),
});

/**
 * A native shell signs in with the provider's SDK and answers its ID token, which the app
 * exchanges through `third/login`; the web host leaves for the provider's page and answers null.
 */
export const thirdPartyLoginResultSchema = z.object({ idToken: z.string() }).nullable();

/** The calls about the device, the app and the session. */
export const deviceCalls = {
  getSystemInfo: hostCall({
    inNativeShell: 'shell',
    summary: 'Device name, Android version and safe-area insets',
    payload: noPayload,
    result: systemInfoSchema,
  }),
  applicationInfo: hostCall({
    inNativeShell: 'shell',
    summary: 'App version and platform; may force the theme',
    payload: noPayload,
    result: applicationInfoSchema,
  }),
  setStatusBarColor: hostCall({
    inNativeShell: 'shell',
    summary: "Paints the status bar for the screen's theme, or hides it",
    payload: statusBarStyleSchema,
    result: done,
  }),
  getToken: hostCall({
    inNativeShell: 'shell',
    summary: 'The session token the host keeps',
    payload: noPayload,
    result: tokenSchema,
  }),
  setToken: hostCall({
    inNativeShell: 'shell',
    summary: 'Keeps the session token (null on sign-out)',
    payload: z.object({ token: tokenSchema }),
    result: done,
  }),
  loginStatusChanged: hostCall({
    inNativeShell: 'shell',
    summary: 'The member signed in or out',
    payload: z.object({ loggedIn: z.boolean() }),
    result: done,
  }),
  tokenExpire: hostCall({
    inNativeShell: 'shell',
    summary: 'The session expired (the app shows its own dialog)',
    payload: noPayload,
    result: done,
  }),
  thirdPartyLogin: hostCall({
    inNativeShell: 'shell',
    summary: 'Signs in with a third-party provider',
    payload: thirdPartyLoginRequestSchema,
    result: thirdPartyLoginResultSchema,
  }),
  machineTranslate: hostCall({
    inNativeShell: 'page',
    summary: "Translates a post or comment into the reader's language",
    payload: translateTextPayload,
    result: translationSchema,
  }),
  closeLoginPage: hostCall({
    inNativeShell: 'shell',
    summary: 'Leaves the login page once signed in',
    payload: noPayload,
    result: done,
  }),
};

export const devicePushes = {
  token: hostPush({
    summary: 'The shell signed in or out on its own (the app does not listen for it yet)',
    data: z.object({ token: tokenSchema }),
  }),
};

export type SystemInfo = z.output<typeof systemInfoSchema>;
export type ApplicationInfo = z.output<typeof applicationInfoSchema>;
export type StatusBarStyle = z.output<typeof statusBarStyleSchema>;
export type ThirdPartyLoginRequest = z.input<typeof thirdPartyLoginRequestSchema>;
export type ThirdPartyLoginResult = z.output<typeof thirdPartyLoginResultSchema>;
