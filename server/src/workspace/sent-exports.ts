// The exports of imported modules, sent to a summary worker once rather than with every file that
// imports them: a file's check request names what each of its imports resolves to, and a module's
// exports are tens of kilobytes once cloned, so a hub imported by hundreds of files was copied
// across threads hundreds of times. Each exports object gets a number; a worker keeps the last
// MAX_KEPT_EXPORTS it was sent, and the pool keeps the same list for each worker (both sides
// handle a request's resolutions in the same order, so they agree on what the worker has), sending
// an exports object again only when that worker no longer has it.
import type { ModuleExports, ModuleResolution } from '../core/semantics';

/**
 * Exports a worker keeps at most (a module's exports are a few tens of kilobytes of heap). As many
 * as a large change's files import between them: the 200 importers of a hub import some 600
 * modules, and with fewer kept each worker was sent most of them again at every change.
 */
export const MAX_KEPT_EXPORTS = 1024;

/** A resolution as sent to a worker: exports by number, with the exports themselves when that worker does not have them. */
export type SentResolution =
  | { readonly tried: readonly string[]; readonly near?: string }
  | { readonly file: string; readonly exportsId: number; readonly exports?: ModuleExports };

/** The most recently used of at most `limit` entries by number. */
class Recent<T> {
  private readonly entries = new Map<number, T>();

  constructor(private readonly limit: number) {}

  /** The entry, now the most recent; undefined when not kept. */
  use(id: number): T | undefined {
    const value = this.entries.get(id);
    if (value === undefined) return undefined;
    this.entries.delete(id);
    this.entries.set(id, value);
    return value;
  }

  add(id: number, value: T): void {
    this.entries.set(id, value);
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value as number);
  }
}

/** Numbers for exports objects, the same for every worker of a pool. */
export class ExportsNumbers {
  private readonly numbers = new WeakMap<ModuleExports, number>();
  private next = 0;

  of(exports: ModuleExports): number {
    let id = this.numbers.get(exports);
    if (id === undefined) this.numbers.set(exports, (id = ++this.next));
    return id;
  }
}

/** The pool's side, one per worker: what that worker keeps. */
export class SentExports {
  private readonly kept = new Recent<true>(MAX_KEPT_EXPORTS);

  constructor(private readonly numbers: ExportsNumbers) {}

  /** The resolutions to send this worker, and what it will keep after reading them. */
  send(resolutions: readonly [string, ModuleResolution][]): [string, SentResolution][] {
    return resolutions.map(([modulePath, resolution]) => {
      if (!('exports' in resolution)) return [modulePath, resolution];
      const exportsId = this.numbers.of(resolution.exports);
      if (this.kept.use(exportsId)) return [modulePath, { file: resolution.file, exportsId }];
      this.kept.add(exportsId, true);
      return [modulePath, { file: resolution.file, exportsId, exports: resolution.exports }];
    });
  }
}

/** The worker's side: the exports it was sent, by number. */
export class KeptExports {
  private readonly kept = new Recent<ModuleExports>(MAX_KEPT_EXPORTS);

  /** The resolutions as the check reads them; throws when one names exports this worker does not have (the pool then checks the file itself). */
  receive(resolutions: readonly [string, SentResolution][]): [string, ModuleResolution][] {
    return resolutions.map(([modulePath, resolution]) => {
      if (!('exportsId' in resolution)) return [modulePath, resolution];
      let exports = resolution.exports;
      if (exports) this.kept.add(resolution.exportsId, exports);
      else exports = this.kept.use(resolution.exportsId);
      if (!exports) throw new Error(`the summary worker does not have the exports of ${resolution.file}`);
      return [modulePath, { file: resolution.file, exports }];
    });
  }
}
