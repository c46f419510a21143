import { type DataOf, type EndpointDef, endpointUrl, type PayloadOf } from '@pixelhall/contract';

/**
 * A game-service call with no member, as a visitor's app makes it; fails on a business error.
 * No vitest here (the server's address is a parameter), so benches can use it too.
 */
export async function callGame<E extends EndpointDef>(
  baseUrl: string,
  def: E,
  payload: PayloadOf<E>,
): Promise<DataOf<E>> {
  const response = await fetch(`${baseUrl}${endpointUrl(def)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  const envelope = (await response.json()) as { code: number; msg: string; data: DataOf<E> };
  if (envelope.code !== 1) throw new Error(`${def.path}: ${envelope.msg}`);
  return envelope.data;
}
