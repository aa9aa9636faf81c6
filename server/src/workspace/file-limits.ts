// How the files a process reads on its own are read (regular-file.ts): how large each may be, and
// whether a symbolic link is followed to it.
import type { ReadLimits } from './regular-file';

/**
 * The most files the index holds: with summaries of a few KiB each, tens of MB at most. A root
 * with more (a home folder by mistake) is indexed up to the cap and the rest is reported.
 */
export const MAX_INDEXED_FILES = 20_000;

/**
 * A Whetstone (or JavaScript, TypeScript, Python) source named on the command line or served:
 * 16 MiB, some 400,000 lines, far beyond any file the tools are made for, and short of what would
 * exhaust the process. The person named the path (or the folder it was found in), so a link to it
 * is followed.
 */
export const SOURCE_FILE_LIMITS: ReadLimits = { maxBytes: 16 * 1024 * 1024, followLinks: true };

/** A library context JSON file (`whetstone.library`, `serve --library`): a path the person chose. */
export const LIBRARY_FILE_LIMITS: ReadLimits = { maxBytes: 16 * 1024 * 1024, followLinks: true };

/**
 * The annotation feedback file: 10,000 rejection hashes and the model's counts are about half a
 * MiB. It may sit in the workspace's own folder (.whetstone/), which a cloned repository fills, so
 * a link there is not followed: what is read, and later written, is the file in that folder.
 */
export const FEEDBACK_FILE_LIMITS: ReadLimits = { maxBytes: 4 * 1024 * 1024, followLinks: false };

/**
 * A file the workspace index reads on its own (a `*.wst` under a source root): no larger than a
 * buffer may be (buffer-limits.ts: 4 Mi UTF-16 code units, never fewer than its UTF-8 bytes), so
 * every indexed file could be opened. The folder may come from anywhere, so a link is followed
 * only where the index has checked it stays inside the root (file-index.ts says so per file).
 */
export const INDEXED_FILE_LIMITS: ReadLimits = { maxBytes: 4 * 1024 * 1024, followLinks: false };
