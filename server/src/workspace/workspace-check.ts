// The build's check of every indexed file: its diagnostics, with the modules it imports resolved
// as in the editor, computed once the summaries are in (file-index.ts), on the same worker threads.
// A file's check needs the exports of what it imports, so files go in the import graph's order:
// an import cycle (or a file alone) is sent to a worker once every module it imports outside
// itself has been checked, with those modules' exports (plain data: file-check.ts); the worker
// reads, parses and analyses each file, and answers with its diagnostics and exports. The
// exports are kept in the module cache (module-exports.ts), as if computed there, so an importer
// opened or checked later parses nothing else; no document outlives its check. Files open in a
// buffer are the buffer's: their exports are the buffer's, their diagnostics its own publication.
import { pathToFileURL } from 'node:url';
import type { ModuleResolution } from '../core/semantics';
import { reviveExports, checkFiles, type CheckedFile, type FileDiagnostic } from './file-check';
import type { FileIndex } from './file-index';
import type { ModuleExportsCache } from './module-exports';
import type { SummaryPool } from './summary-pool';

export interface CheckSink {
  /** A file's diagnostics, as checked from disk. */
  checked(path: string, uri: string, diagnostics: readonly FileDiagnostic[]): void;
  /** Whether to stop (a newer build started). */
  cancelled(): boolean;
  error(error: unknown): void;
}

/** Checks every indexed file not open, dependencies first, on `pool`'s workers (or here, one cycle per turn). */
export async function checkWorkspace(index: FileIndex, modules: ModuleExportsCache, pool: SummaryPool | undefined, sink: CheckSink): Promise<void> {
  const { graph, files } = index.importGraph();
  const components = graph.cyclesFirst(files);
  // For each file, the component it is in; a component starts when the ones it imports are done.
  const componentOf = new Map<string, number>();
  components.forEach((members, at) => members.forEach((member) => componentOf.set(member, at)));
  const waitingOn = components.map(() => 0);
  const importers = components.map((): number[] => []);
  components.forEach((members, at) => {
    const imported = new Set<number>();
    for (const member of members) for (const target of graph.importsOf(member)) {
      const other = componentOf.get(target);
      if (other !== undefined && other !== at) imported.add(other);
    }
    waitingOn[at] = imported.size;
    for (const other of imported) importers[other].push(at);
  });
  const open = (path: string): boolean => modules.isOpen(path);
  const library = modules.library;
  const ready = components.flatMap((_, at) => (waitingOn[at] === 0 ? [at] : []));
  let running = 0;
  let finished: () => void = () => undefined;
  const allDone = new Promise<void>((resolve) => (finished = resolve));
  let remaining = components.length;

  const done = (at: number): void => {
    remaining--;
    for (const importer of importers[at]) if (--waitingOn[importer] === 0) ready.push(importer);
  };
  const accept = (answers: readonly CheckedFile[], usedFiles: ReadonlySet<string>): void => {
    for (const answer of answers) {
      if ('problem' in answer) continue;
      const exports = reviveExports(answer.exports);
      modules.seed(answer.path, { hash: answer.hash, imports: answer.imports, exports, usedFiles });
      sink.checked(answer.path, pathToFileURL(answer.path).href, answer.diagnostics);
    }
  };
  /** Checks one component: on a worker with what its imports resolve to, or here when a buffer has one of its files. */
  const run = async (at: number): Promise<void> => {
    const members = components[at];
    if (members.some(open)) {
      // A buffer speaks for its file: the module cache checks the others against it.
      for (const member of members) {
        if (open(member)) continue;
        const diagnostics = modules.checkFile(member);
        if (diagnostics) sink.checked(member, pathToFileURL(member).href, diagnostics);
      }
      return;
    }
    const inCycle = new Set<string>();
    const described = members.flatMap((path) => {
      const file = index.get(path);
      const named = index.moduleOfPath(path);
      if (!file || !named) return [];
      inCycle.add(named.module);
      return [{ path, module: named.module, file: named.file, followLinks: file.followLinks }];
    });
    const outside = new Map<string, ModuleResolution>();
    // The files its exports depend on: a change to one of them makes them stale (module-exports.ts).
    const usedFiles = new Set<string>([...members, ...members.flatMap((member) => graph.importsOf(member))]);
    for (const path of members) {
      for (const entry of index.get(path)?.summary.imports ?? []) {
        if (inCycle.has(entry.module) || outside.has(entry.module)) continue;
        // Checked already (its exports kept), open, or no file: answered without parsing anything.
        outside.set(entry.module, modules.resolveChecked(path, entry.module));
      }
    }
    const request = { members: described, outside: [...outside], library };
    accept(pool ? await pool.check(request).catch(() => checkFiles(request)) : checkFiles(request), usedFiles);
  };
  const pump = (): void => {
    if (sink.cancelled()) return finished();
    while (ready.length > 0 && running < (pool?.size ?? 1)) {
      const at = ready.shift()!;
      running++;
      void run(at)
        .catch((error: unknown) => sink.error(error))
        .finally(() => {
          running--;
          done(at);
          if (remaining === 0) return finished();
          // Off the main thread's stack between components, so the editor is answered meanwhile.
          setImmediate(pump);
        });
    }
  };
  if (remaining === 0) return;
  pump();
  await allDone;
}
