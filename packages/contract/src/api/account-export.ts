import { z } from 'zod';
import { emptyPayload, idField } from './common';
import { endpoint } from './endpoint';

/**
 * "Download my data" (docs/product/accounts-and-sessions.md#your-data): a zip of everything the
 * member made and owns, built in the background, kept for ACCOUNT_EXPORT_KEEP_MS, one a day.
 */

/** How long a ready export can be downloaded. */
export const ACCOUNT_EXPORT_KEEP_MS = 7 * 24 * 60 * 60 * 1000;
/** One export per this long: a new one may be asked for this long after the last one was. */
export const ACCOUNT_EXPORT_EVERY_MS = 24 * 60 * 60 * 1000;
/** How long a download address from `account/export/link` works. */
export const ACCOUNT_EXPORT_LINK_MS = 10 * 60 * 1000;

/**
 * `GET /upload/download/export?id=<export id>&key=<link secret>`: the zip, as an attachment named
 * `pixelhall-<username>-<yyyy-mm-dd>.zip`, with HTTP Range. Only `account/export/link` hands out
 * the address, to the export's owner, for ACCOUNT_EXPORT_LINK_MS; a browser follows it with a
 * plain link, as it cannot send the Authorization header.
 */
export const DOWNLOAD_EXPORT_PATH = 'download/export';

export const ACCOUNT_EXPORT_STATES = ['pending', 'building', 'ready', 'failed'] as const;
export type AccountExportState = (typeof ACCOUNT_EXPORT_STATES)[number];

export const accountExportSchema = z.object({
  id: z.number().int().describe('Send it to account/export/link to download it'),
  state: z
    .enum(ACCOUNT_EXPORT_STATES)
    .describe('pending: waiting to be built; building; ready: can be downloaded until expires_at; failed'),
  requested_at: z.number().int().describe('When it was asked for (epoch ms)'),
  ready_at: z.number().int().nullable().describe('When it was ready (epoch ms)'),
  expires_at: z.number().int().nullable().describe('Until when it can be downloaded (epoch ms)'),
  size: z.number().int().nullable().describe('The zip, in bytes, once ready'),
});
export type AccountExport = z.output<typeof accountExportSchema>;

const statusSchema = z.object({
  export: accountExportSchema.nullable().describe('The latest export, or null when there is none'),
  next_allowed_at: z
    .number()
    .int()
    .describe('From when a new export may be asked for (epoch ms); now or earlier: at once'),
});
export type AccountExportStatus = z.output<typeof statusSchema>;

/**
 * Asks for a new export of the caller's data; it is built in the background and the inbox says
 * when it is ready (`export_ready`). One a day: within ACCOUNT_EXPORT_EVERY_MS of the last one
 * (a failed one aside) the answer is `errors.export_once_a_day`.
 */
export const accountExportRequest = endpoint({
  base: 'api',
  path: 'account/export',
  auth: 'required',
  summary: "Ask for a zip of the caller's data (one a day)",
  payload: emptyPayload,
  data: accountExportSchema,
});

/** The caller's latest export and when the next may be asked for. */
export const accountExportStatus = endpoint({
  base: 'api',
  path: 'account/export/status',
  methods: ['POST', 'GET'],
  auth: 'required',
  summary: "The caller's latest export of their data",
  payload: emptyPayload,
  data: statusSchema,
});

/**
 * A download address of one of the caller's ready exports, working for ACCOUNT_EXPORT_LINK_MS.
 * Another member's export reads as one that does not exist (`errors.export_not_found`).
 */
export const accountExportLink = endpoint({
  base: 'api',
  path: 'account/export/link',
  auth: 'required',
  summary: "A short-lived download address of the caller's ready export",
  payload: z.object({ id: idField.describe('The export') }),
  data: z.object({
    url: z.string().describe('Under the upload host: /upload/download/export?id=…&key=…'),
    expires_at: z.number().int().describe('Until when the address works (epoch ms)'),
  }),
});

export const accountExportEndpoints = {
  accountExportRequest,
  accountExportStatus,
  accountExportLink,
} as const;
