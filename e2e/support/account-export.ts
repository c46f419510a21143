import { setTimeout as delay } from 'node:timers/promises';
import { type AccountExportStatus, type Envelope, endpoints, endpointUrl } from '@pixelhall/contract';

async function post<T>(origin: string, token: string, path: string): Promise<T> {
  const res = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: '{}',
  });
  const envelope = (await res.json()) as Envelope<T>;
  if (envelope.code !== 1) throw new Error(`${path}: ${envelope.msg}`);
  return envelope.data;
}

/**
 * A ready export of the member's data, as Account and security then shows it: asked for through
 * the API and built by the server's own job, whose interval must be short (the suite's and the
 * screenshots' servers run it every second). It waits for that state, not for a time: the
 * screenshots script runs outside vitest, so this is its own `until`.
 */
export async function stageReadyExport(origin: string, token: string): Promise<AccountExportStatus> {
  const { accountExportRequest, accountExportStatus } = endpoints.accountExport;
  await post(origin, token, endpointUrl(accountExportRequest));
  const deadline = Date.now() + 30_000;
  for (;;) {
    const status = await post<AccountExportStatus>(origin, token, endpointUrl(accountExportStatus));
    if (status.export?.state === 'ready') return status;
    if (Date.now() > deadline) throw new Error(`the export was never built: ${JSON.stringify(status)}`);
    await delay(200);
  }
}
