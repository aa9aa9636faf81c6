// Reading a small file from a folder someone else might have put things in (the lock folder, a
// served file's folder): only a regular file is read. It is opened without following a symbolic
// link and without blocking (a FIFO would otherwise wait for a writer forever, and with it the
// whole process), then checked through the open descriptor, so nothing can be swapped in between.
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { open } from 'node:fs/promises';

// O_NOFOLLOW and O_NONBLOCK do not exist on Windows (0 there), where FIFOs cannot be named files.
const FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/** The file's text, or undefined when it is missing, not a regular file, a link, or larger than `maxBytes`. */
export function readRegularFileSync(path: string, maxBytes: number): string | undefined {
  let descriptor: number;
  try {
    descriptor = openSync(path, FLAGS);
  } catch {
    return undefined;
  }
  try {
    const status = fstatSync(descriptor);
    if (!status.isFile() || status.size > maxBytes) return undefined;
    const buffer = Buffer.alloc(maxBytes + 1);
    let length = 0;
    for (let read = -1; read !== 0 && length <= maxBytes; length += read) read = readSync(descriptor, buffer, length, buffer.length - length, null);
    return length > maxBytes ? undefined : buffer.toString('utf8', 0, length);
  } catch {
    return undefined;
  } finally {
    closeSync(descriptor);
  }
}

/** As readRegularFileSync, off the event loop. */
export async function readRegularFile(path: string, maxBytes: number): Promise<string | undefined> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, FLAGS);
  } catch {
    return undefined;
  }
  try {
    const status = await handle.stat();
    if (!status.isFile() || status.size > maxBytes) return undefined;
    const buffer = Buffer.alloc(maxBytes + 1);
    let length = 0;
    for (let read = -1; read !== 0 && length <= maxBytes; length += read) ({ bytesRead: read } = await handle.read(buffer, length, buffer.length - length, null));
    return length > maxBytes ? undefined : buffer.toString('utf8', 0, length);
  } catch {
    return undefined;
  } finally {
    await handle.close();
  }
}
