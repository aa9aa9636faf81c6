// Reading a file that someone else may have put there: a folder in a cloned repository, the lock
// folder, a served file replaced while serve runs, a path a workspace's settings name. Only a
// regular file is read, and only up to a size: the file is opened without blocking (a FIFO would
// otherwise wait for a writer forever, and with it the whole process; a device such as /dev/zero
// never ends), then checked through the open descriptor, so nothing can be swapped in between
// the check and the read. A symbolic link is followed only when the caller says the person chose
// the path (a file named on the command line, a setting); where the path is made from a folder's
// contents, a link is refused, so the file read or later written is the one in that folder. A
// caller can check more of the opened file (the lock files: owned by the user, written by nobody
// else) through the same descriptor.
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { open } from 'node:fs/promises';

export interface ReadLimits {
  /** The largest file read, in bytes. */
  maxBytes: number;
  /** Whether a symbolic link is followed (else it is refused). */
  followLinks: boolean;
  /** A further check of the opened file (its owner, its mode): why it is not read ("it …"), or undefined to read it. */
  check?: (status: Stats) => string | undefined;
}

/** The file's text, or why it was not read (a sentence to show after the path). */
export type FileText = { text: string } | ReadProblem;

/** Why a file was not read; `missing` when there is nothing at the path. */
export interface ReadProblem {
  problem: string;
  missing: boolean;
}

// O_NOFOLLOW and O_NONBLOCK do not exist on Windows (0 there), where FIFOs cannot be named files.
const READ = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);
const READ_NO_LINK = READ | (constants.O_NOFOLLOW ?? 0);

function flags(limits: ReadLimits): number {
  return limits.followLinks ? READ : READ_NO_LINK;
}

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MiB` : `${Math.round(bytes / 1024)} KiB`;
}

function tooLarge(limits: ReadLimits): FileText {
  return { problem: `it is larger than ${sizeText(limits.maxBytes)}; not read`, missing: false };
}

const NOT_REGULAR: FileText = { problem: 'it is not a regular file (a folder, a FIFO or a device); not read', missing: false };

function openProblem(error: unknown, limits: ReadLimits): ReadProblem {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return { problem: 'no such file or folder', missing: true };
  // O_NOFOLLOW on a link: ELOOP on Linux and macOS (EMLINK on some BSDs).
  if (!limits.followLinks && (code === 'ELOOP' || code === 'EMLINK')) return { problem: 'it is a symbolic link; not followed here', missing: false };
  return { problem: error instanceof Error ? error.message : String(error), missing: false };
}

/** Why the opened file is not read (not a regular file, too large), or undefined to read it. */
function refusal(status: Stats, limits: ReadLimits): FileText | undefined {
  if (!status.isFile()) return NOT_REGULAR;
  const problem = limits.check?.(status);
  if (problem !== undefined) return { problem: `${problem}; not read`, missing: false };
  return status.size > limits.maxBytes ? tooLarge(limits) : undefined;
}

/** Room for the file as its size says and a little more, plus one byte to notice it kept growing. */
function bufferFor(status: Stats, limits: ReadLimits): Buffer {
  return Buffer.alloc(Math.min(limits.maxBytes, status.size + 64 * 1024) + 1);
}

function textOf(buffer: Buffer, length: number, limits: ReadLimits): FileText {
  if (length > limits.maxBytes) return tooLarge(limits);
  if (length === buffer.length) return { problem: 'it kept growing while it was read; not read', missing: false };
  return { text: buffer.toString('utf8', 0, length) };
}

function failure(error: unknown): FileText {
  return { problem: error instanceof Error ? error.message : String(error), missing: false };
}

/** Opens `path` for reading as readFileWithin does (without blocking; a link only where followed), or says why not. */
export function openWithin(path: string, limits: ReadLimits): number | ReadProblem {
  try {
    return openSync(path, flags(limits));
  } catch (error) {
    return openProblem(error, limits);
  }
}

/**
 * The text of an open file from its start, read only if it is a regular file within the limits
 * (checked through the descriptor). Positioned reads: the same descriptor may be read again.
 */
export function readOpenFile(descriptor: number, limits: ReadLimits): FileText {
  try {
    const status = fstatSync(descriptor);
    const refused = refusal(status, limits);
    if (refused) return refused;
    const buffer = bufferFor(status, limits);
    let length = 0;
    for (let read = -1; read !== 0 && length < buffer.length; length += read) read = readSync(descriptor, buffer, length, buffer.length - length, length);
    return textOf(buffer, length, limits);
  } catch (error) {
    return failure(error);
  }
}

/** The file's text (UTF-8), read only if it is a regular file within the limits. */
export function readFileWithin(path: string, limits: ReadLimits): FileText {
  const descriptor = openWithin(path, limits);
  if (typeof descriptor !== 'number') return descriptor;
  try {
    return readOpenFile(descriptor, limits);
  } finally {
    closeSync(descriptor);
  }
}

/** As readFileWithin, off the event loop. */
export async function readFileWithinAsync(path: string, limits: ReadLimits): Promise<FileText> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, flags(limits));
  } catch (error) {
    return openProblem(error, limits);
  }
  try {
    const status = await handle.stat();
    const refused = refusal(status, limits);
    if (refused) return refused;
    const buffer = bufferFor(status, limits);
    let length = 0;
    for (let read = -1; read !== 0 && length < buffer.length; length += read) ({ bytesRead: read } = await handle.read(buffer, length, buffer.length - length, null));
    return textOf(buffer, length, limits);
  } catch (error) {
    return failure(error);
  } finally {
    await handle.close();
  }
}

/** A regular file's text, or undefined when it is missing, not a regular file, a link, or larger than `maxBytes`. */
export function readRegularFileSync(path: string, maxBytes: number): string | undefined {
  const read = readFileWithin(path, { maxBytes, followLinks: false });
  return 'text' in read ? read.text : undefined;
}

/** As readRegularFileSync, off the event loop. */
export async function readRegularFile(path: string, maxBytes: number): Promise<string | undefined> {
  const read = await readFileWithinAsync(path, { maxBytes, followLinks: false });
  return 'text' in read ? read.text : undefined;
}
