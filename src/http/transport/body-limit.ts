/** Reading a request body within the `bodyLimit` (1 MiB by default): the same refusal on every transport. */
import { BadRequest } from "./exchange.js";

/** Reads a WHATWG body stream, refusing more than `limit` bytes. */
export async function readLimited(body: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  return concat(chunks, size);
}

export function tooLarge(limit: number, declared?: number): BadRequest {
  return new BadRequest(
    `Request body too large: ${declared === undefined ? "" : `${declared} bytes, `}over the limit of ${limit} bytes (the bodyLimit option)`,
    400,
    true,
  );
}

export function concat(chunks: readonly Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** Whether a declared Content-Length is over the limit (a malformed one is a BadRequest). */
export function checkDeclaredLength(value: string | undefined, limit: number): void {
  if (value === undefined) return;
  if (!/^\d+$/.test(value.trim())) throw new BadRequest(`Invalid Content-Length ${JSON.stringify(value)}`);
  const declared = Number(value);
  if (declared > limit) throw tooLarge(limit, declared);
}
