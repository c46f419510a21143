import { createMD5 } from 'hash-wasm';

/** MD5 of a file, read as a stream so a large ROM never sits in memory twice. */
export async function md5OfFile(file: Blob): Promise<string> {
  const hasher = await createMD5();
  hasher.init();
  const reader = file.stream().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    hasher.update(value);
  }
  return hasher.digest('hex');
}
