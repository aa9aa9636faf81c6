// The source worker's thread runs below normal priority. A parse that keeps a core busy for
// seconds otherwise competes with the endpoint's thread (and, in VS Code, with the language server
// and the editor) on an equal footing, and on a machine with few cores other sessions' answers
// wait for the scheduler. Linux gives each thread a priority of its own, named through
// /proc/thread-self; elsewhere os.setPriority would lower the whole process (the language server
// included), so nothing is done there. What it changed in the worst ping is in bench/README.md.
import { readlinkSync } from 'node:fs';
import { constants, getPriority, setPriority } from 'node:os';

/** Lowers the calling thread's priority to nice 10 (Linux), never raising it; says whether it did. */
export function lowerThisThreadsPriority(): boolean {
  if (process.platform !== 'linux') return false;
  try {
    // "<pid>/task/<tid>": the kernel's id of this very thread.
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(threadId) || threadId <= 0) return false;
    // Started at a lower priority already (nice 15, say): leave it, never raise it.
    if (getPriority(threadId) >= constants.priority.PRIORITY_BELOW_NORMAL) return false;
    setPriority(threadId, constants.priority.PRIORITY_BELOW_NORMAL);
    return true;
  } catch {
    // A system that does not allow it (a locked-down container): the worker runs as before.
    return false;
  }
}
