/**
 * A temporary file that bytes are appended to and then read back: a request's body waits here, on disk, instead
 * of in memory or in a database transaction. Its name is removed as soon as it is opened, so the bytes live only
 * as long as the open file: closing it, or the process ending in any way, gives the space back.
 */

/** An open spool. */
export interface Spool {
  /** Bytes written so far. */
  readonly size: number;
  /** Appends `bytes`. */
  write(bytes: Uint8Array): Promise<void>;
  /** Everything written, from the start, in chunks of up to 1 MiB (each its own buffer). */
  read(): AsyncIterable<Uint8Array>;
  /** Closes the file and with it the space it held; safe to call twice. */
  close(): void;
}

const CHUNK = 1 << 20;

/** Opens an empty spool in `dir` (the system's temporary directory when undefined). */
export async function openSpool(dir: string | undefined, prefix: string): Promise<Spool> {
  const path = await Deno.makeTempFile({ dir, prefix });
  const file = await Deno.open(path, { read: true, write: true });
  try {
    await Deno.remove(path);
  } catch (err) {
    file.close();
    throw err;
  }
  let size = 0, open = true;
  return {
    get size() {
      return size;
    },
    async write(bytes) {
      for (let at = 0; at < bytes.length;) at += await file.write(bytes.subarray(at));
      size += bytes.length;
    },
    async *read() {
      await file.seek(0, Deno.SeekMode.Start);
      for (;;) {
        const chunk = new Uint8Array(CHUNK);
        const n = await file.read(chunk);
        if (n === null) return;
        yield chunk.subarray(0, n);
      }
    },
    close() {
      if (open) file.close();
      open = false;
    },
  };
}
