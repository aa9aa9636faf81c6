// File-system fixtures the hostile-input tests make: what a cloned repository could hold.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';

/** Makes a FIFO at `path` (POSIX only): reading it waits for a writer that never comes. */
export function mkfifo(path: string): void {
  const made = spawnSync('mkfifo', [path]);
  assert.equal(made.status, 0, `mkfifo ${path}: ${made.stderr?.toString() ?? made.error?.message}`);
}
