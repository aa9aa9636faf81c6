// The build's reading of every file found, once: each file is parsed once on a worker for both
// its summary and its check (file-check.ts indexAndCheckFile), so a file's check must be asked
// with the exports of what it imports already known. The order comes from the imports each file's
// text names (`use a.b` at the start of a line), read before any parse: the files are read in
// that order, imports first. That reading is only an order: the worker compares the imports it
// parsed with the answers it was given, and a file whose imports were not all answered (a `use`
// the scan missed), a member of an import cycle, or a file whose component has an open buffer
// gets its summary only and is checked after, as the index's import graph says
// (workspace-check.ts), with a second parse.
import { join } from 'node:path';
import { ImportGraph, moduleFilePath, modulePathOf, type ModuleResolution } from '../core/semantics';
import { indexAndCheckFile, reviveExports, type FileCheckRequest, type IndexedFileCheck } from './file-check';
import { INDEXED_FILE_LIMITS } from './file-limits';
import type { FileIndex, FoundFile } from './file-index';
import { resolutionKey, type ModuleExportsCache } from './module-exports';
import { readFileWithinAsync } from './regular-file';
import type { SummaryOutcome } from './summary-worker';
import type { SummaryPool } from './summary-pool';
import { checkWorkspace, type CheckSink } from './workspace-check';
import { pathToFileURL } from 'node:url';

const PARALLEL_READS = 8;

/** The module paths a text's `use` lines name: what orders the reading, not what the file imports (its parse says that). */
export function importsNamedIn(text: string): string[] {
  return [...text.matchAll(/^[ \t]*use[ \t]+([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)/gm)].map((match) => match[1]);
}

/** Reads, summarises and checks every file of `files`, handing each summary to `accept` and each file's diagnostics to `sink`. */
export async function indexAndCheckWorkspace(
  files: readonly FoundFile[],
  index: FileIndex,
  modules: ModuleExportsCache,
  pool: SummaryPool | undefined,
  sink: CheckSink,
  accept: (file: FoundFile, outcome: SummaryOutcome) => void,
): Promise<void> {
  const byPath = new Map(files.map((file) => [file.path, file]));
  // What each file's text names, as files: the first root that has a file found there (as `use` finds it).
  const named = new Map<string, string[]>();
  let nextRead = 0;
  const scan = async (): Promise<void> => {
    while (nextRead < files.length && !sink.cancelled()) {
      const file = files[nextRead++];
      const read = await readFileWithinAsync(file.path, { ...INDEXED_FILE_LIMITS, followLinks: file.followLinks });
      named.set(file.path, 'text' in read ? importsNamedIn(read.text) : []);
    }
  };
  // A few reads at once: the disk's latency, not this thread, is what they wait on.
  await Promise.all(Array.from({ length: PARALLEL_READS }, scan));
  if (sink.cancelled()) return;
  const roots = modules.sourceRoots;
  const fileOfModule = (modulePath: string): string | undefined => {
    if (modulePathOf(moduleFilePath(modulePath)) !== modulePath) return undefined;
    for (const root of roots) {
      const candidate = join(root, moduleFilePath(modulePath));
      if (byPath.has(candidate) || modules.isOpen(candidate)) return candidate;
    }
    return undefined;
  };
  const graph = new ImportGraph((path) => (named.get(path) ?? []).flatMap((modulePath) => fileOfModule(modulePath) ?? []));
  const { components, waitingOn, importers } = graph.schedule(files.map((file) => file.path));

  /** Files read but not checked from that reading: checked after, from the index's own graph. */
  const later = new Set<string>();
  const library = modules.library;
  const ask = (request: FileCheckRequest): Promise<IndexedFileCheck> =>
    pool ? pool.indexAndCheck(request).catch(() => indexAndCheckFile(request)) : Promise.resolve(indexAndCheckFile(request));

  /** The answer for each module `path`'s text names, from what is checked already (nothing is read here); undefined when one is not known yet. */
  const resolutionsOf = (path: string): [string, ModuleResolution][] | undefined => {
    const answers = new Map<string, ModuleResolution>();
    for (const modulePath of named.get(path) ?? []) {
      if (answers.has(modulePath)) continue;
      const tried: string[] = [];
      let answer: ModuleResolution | undefined;
      const valid = modulePathOf(moduleFilePath(modulePath)) === modulePath;
      for (const root of valid ? roots : []) {
        const candidate = join(root, moduleFilePath(modulePath));
        const file = index.moduleOfPath(candidate)?.file ?? moduleFilePath(modulePath);
        if (modules.isOpen(candidate)) return undefined;
        if (index.get(candidate)) {
          const exports = modules.checkedExports(candidate);
          if (!exports) return undefined;
          answer = { file, exports };
          break;
        }
        tried.push(file);
      }
      answers.set(modulePath, answer ?? modules.notFound(modulePath, tried));
    }
    return [...answers];
  };

  // One file at a time per worker, and one more waiting each, so this thread is not the limit.
  const slots = pool ? pool.size * 2 : 1;
  let running = 0;
  const queue: string[] = [];
  let finished: () => void = () => undefined;
  const allDone = new Promise<void>((resolve) => (finished = resolve));

  const read = async (path: string, cyclic: boolean): Promise<void> => {
    const file = byPath.get(path)!;
    // A member of a cycle (checked when its cycle is read), or one whose imports are not all checked (after): its summary now.
    const resolutions = cyclic ? undefined : resolutionsOf(path);
    const answer = await ask({ path, followLinks: file.followLinks, resolutions: resolutions ?? [], library, summaryOnly: !resolutions, fixes: sink.fixes });
    if ('problem' in answer) return accept(file, answer);
    accept(file, { summary: answer.summary, hash: answer.hash });
    // (A build for other roots may have started meanwhile: then the file is not kept.)
    if (!index.get(path)) return;
    if (!resolutions || !answer.check) {
      later.add(path);
      return;
    }
    const seen = new Map(resolutions.map(([modulePath, resolution]) => [modulePath, resolutionKey(resolution)]));
    const usedFiles = new Set([path, ...graph.importsOf(path)]);
    modules.seed(path, { hash: answer.hash, imports: answer.check.imports, exports: reviveExports(answer.check.exports), diagnostics: answer.check.diagnostics, usedFiles, seen });
    sink.checked(path, pathToFileURL(path).href, answer.check.diagnostics);
  };

  /** Whether every module `path` imports (as its summary says) is one its text was seen to name: then the order had its imports first. */
  const namedAll = (path: string): boolean => {
    const named_ = new Set(named.get(path));
    return (index.get(path)?.summary.imports ?? []).every((entry) => named_.has(entry.module));
  };
  let componentsLeft = components.length;
  const componentDone = (at: number): void => {
    if (--componentsLeft === 0) finished();
    for (const importer of importers[at]) if (--waitingOn[importer] === 0) start(importer);
  };
  /** A cycle, every member summarised: checked now as workspace-check.ts checks one (each member as the cycle sees it, then against those), if the order had its imports first; else after. */
  const checkCycle = async (members: readonly string[]): Promise<void> => {
    const read = members.filter((member) => index.get(member));
    if (!read.every(namedAll)) {
      for (const member of read) later.add(member);
      return;
    }
    for (const member of read) later.delete(member);
    await checkWorkspace(index, modules, pool, sink, new Set(read));
  };
  const start = (at: number): void => {
    const members = components[at];
    const cyclic = members.length > 1 || graph.importsOf(members[0]).includes(members[0]);
    let left = members.length;
    for (const member of members) {
      queue.push(member);
      cyclicMembers.set(member, cyclic);
      pending.set(member, () => {
        if (--left > 0) return;
        if (!cyclic) return componentDone(at);
        void checkCycle(members)
          .catch((error: unknown) => sink.error(error))
          .finally(() => componentDone(at));
      });
    }
  };
  const pending = new Map<string, () => void>();
  const cyclicMembers = new Map<string, boolean>();
  const pump = (): void => {
    if (sink.cancelled()) return finished();
    while (queue.length > 0 && running < slots) {
      const path = queue.shift()!;
      running++;
      void read(path, cyclicMembers.get(path) ?? false)
        .catch((error: unknown) => sink.error(error))
        .finally(() => {
          running--;
          pending.get(path)?.();
          setImmediate(pump);
        });
    }
  };
  if (componentsLeft === 0) return;
  const ready = components.flatMap((_, at) => (waitingOn[at] === 0 ? [at] : []));
  for (const at of ready) start(at);
  pump();
  await allDone;
  if (sink.cancelled() || later.size === 0) return;
  await checkWorkspace(index, modules, pool, sink, later);
}
