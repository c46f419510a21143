/** One API call as the app makes it; anything but code 1 stops the benchmark with the message. */
export async function callApi<T>(
  port: number,
  headers: Record<string, string>,
  apiPath: string,
  payload: object,
): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${port}${apiPath}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(payload),
  });
  const envelope = (await res.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 1) throw new Error(`${apiPath} ${JSON.stringify(payload)}: ${envelope.msg}`);
  return envelope.data;
}
