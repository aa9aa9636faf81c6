// The build's check of every indexed file: its diagnostics, with the modules it imports resolved
// as in the editor, computed once the summaries are in (file-index.ts), on the same worker threads.
// A file's check needs the exports of what it imports, so the import graph is walked one import
// cycle (or one file) at a time, each after the ones it imports; the work itself is per file, so
// both cores are busy even when most of the workspace is one cycle. A worker is sent a file and
// the answer for each module it imports (exports the build already has, as plain data:
// file-check.ts); it reads, parses and analyses the file and answers with its diagnostics and
// exports. Within a cycle (module-set.ts's rule) each member is first analysed with what it
// imports from the cycle as any, for the others to see, and then checked against those. The exports
// are kept in the module cache (module-exports.ts) as if computed there, so an importer opened or
// checked later parses nothing else; no document outlives its check. Files open in a buffer are
// the buffer's: their exports are the buffer's, their diagnostics its own publication.
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { moduleFilePath, modulePathOf, NO_EXPORTS, type ModuleExports, type ModuleResolution } from '../core/semantics';
import { checkFile, exportsOfAnswer, UNRESOLVED, type CheckedFile, type FileCheckRequest, type FileDiagnostic } from './file-check';
import type { FileIndex } from './file-index';
import { resolutionKey, type ModuleExportsCache } from './module-exports';
import type { SummaryPool } from './summary-pool';

export interface CheckSink {
  /** A file's diagnostics, as checked from disk. */
  checked(path: string, uri: string, diagnostics: readonly FileDiagnostic[]): void;
  /** Whether to stop (a newer build started). */
  cancelled(): boolean;
  error(error: unknown): void;
  /** Whether each diagnostic comes with its fix (the command line prints them; the index keeps none). */
  readonly fixes?: boolean;
}

/** Checks every indexed file not open (or those of `only`), on `pool`'s workers (or here, one file per turn). */
export async function checkWorkspace(index: FileIndex, modules: ModuleExportsCache, pool: SummaryPool | undefined, sink: CheckSink, only?: ReadonlySet<string>): Promise<void> {
  const { graph, files } = index.importGraph();
  // A component starts when the ones it imports are done.
  const { components, waitingOn, importers } = graph.schedule(files);
  const library = modules.library;
  // Twice the workers: each has its next file waiting while this thread takes in an answer.
  const slots = pool ? pool.size * 2 : 1;
  let running = 0;
  let remaining = components.length;
  const jobs: (() => Promise<void>)[] = [];
  let finished: () => void = () => undefined;
  const allDone = new Promise<void>((resolve) => (finished = resolve));

  /** Runs queued work as slots free up; off this thread's stack between files, so the editor is answered meanwhile. */
  const pump = (): void => {
    if (sink.cancelled()) return finished();
    while (jobs.length > 0 && running < slots) {
      const job = jobs.shift()!;
      running++;
      void job()
        .catch((error: unknown) => sink.error(error))
        .finally(() => {
          running--;
          if (remaining === 0 && running === 0) return finished();
          setImmediate(pump);
        });
    }
  };
  const ask = (request: FileCheckRequest): Promise<CheckedFile> => (pool ? pool.check(request).catch(() => checkFile(request)) : Promise.resolve(checkFile(request)));

  /**
   * The answer for each module `path` imports: a member of its cycle as `inCycle` says, an open
   * buffer's exports, a file's as checked already, or the files tried. The file a module path
   * names is found as the module cache finds it (the first root with a buffer or a file there),
   * from the index: nothing is read here, but for exports the module cache no longer keeps.
   */
  const resolutionsOf = (path: string, members: ReadonlySet<string>, inCycle: (member: string) => ModuleResolution): [string, ModuleResolution][] => {
    const answers = new Map<string, ModuleResolution>();
    for (const entry of index.get(path)?.summary.imports ?? []) {
      if (answers.has(entry.module)) continue;
      const tried: string[] = [];
      let answer: ModuleResolution | undefined;
      // A module path is identifiers joined by dots; anything else names no file.
      const named = modulePathOf(moduleFilePath(entry.module)) === entry.module;
      for (const root of named ? modules.sourceRoots : []) {
        const candidate = join(root, moduleFilePath(entry.module));
        const file = relative(root, candidate).split(sep).join('/');
        if (members.has(candidate)) answer = inCycle(candidate);
        else if (modules.isOpen(candidate)) answer = modules.resolveFor(path, entry.module);
        else if (index.get(candidate)) {
          // Exports not kept (stale after a change, or beyond the cache's bound) are computed again, here.
          const exports = modules.checkedExports(candidate);
          answer = exports ? { file, exports } : modules.resolveFor(path, entry.module);
        }
        if (answer) break;
        tried.push(file);
      }
      answers.set(entry.module, answer ?? modules.notFound(entry.module, tried));
    }
    return [...answers];
  };
  const componentDone = (at: number): void => {
    remaining--;
    for (const importer of importers[at]) if (--waitingOn[importer] === 0) start(importer);
  };

  /** Queues the work of one component: each member's check (after, in a cycle, each member's exports as the cycle sees it). */
  const start = (at: number): void => {
    const members = components[at];
    // Checked already (index-and-check.ts): its exports are known.
    if (only && !members.some((member) => only.has(member))) return componentDone(at);
    const memberSet = new Set(members);
    // The files its members' exports depend on: a change to one of them makes them stale (module-exports.ts).
    const usedFiles = new Set<string>([...members, ...members.flatMap((member) => graph.importsOf(member))]);
    const open = members.filter((member) => modules.isOpen(member));
    if (open.length > 0) {
      // A buffer speaks for its file: the module cache checks the others against it, here.
      jobs.push(async () => {
        for (const member of members) {
          if (modules.isOpen(member)) continue;
          const checked = modules.checkFile(member);
          if (checked) sink.checked(member, pathToFileURL(member).href, checked.diagnostics);
        }
        componentDone(at);
      });
      return;
    }
    const fileOf = (member: string): string => index.moduleOfPath(member)?.file ?? member;
    let left = members.length;
    const check = (member: string, seenInCycle: ReadonlyMap<string, ModuleExports>): void => {
      const file = index.get(member);
      if (!file) {
        if (--left === 0) componentDone(at);
        return;
      }
      jobs.push(async () => {
        try {
          const resolutions = resolutionsOf(member, memberSet, (other) => ({ file: fileOf(other), exports: seenInCycle.get(other) ?? NO_EXPORTS }));
          const answer = await ask({ path: member, followLinks: file.followLinks, resolutions, library, fixes: sink.fixes });
          if ('problem' in answer) return;
          const seen = new Map(resolutions.map(([modulePath, resolution]) => [modulePath, resolutionKey(resolution)]));
          modules.seed(member, { hash: answer.hash, imports: answer.imports, exports: exportsOfAnswer(answer, undefined), diagnostics: answer.diagnostics, usedFiles, seen });
          sink.checked(member, pathToFileURL(member).href, answer.diagnostics);
        } finally {
          if (--left === 0) componentDone(at);
        }
      });
    };
    const cyclic = members.length > 1 || graph.importsOf(members[0]).includes(members[0]);
    if (!cyclic) return check(members[0], new Map());
    // In a cycle: each member as the others see it, then each member's check against those.
    const seenInCycle = new Map<string, ModuleExports>();
    let unseen = members.length;
    const seen = (member: string, exports: ModuleExports): void => {
      seenInCycle.set(member, exports);
      if (--unseen === 0) for (const each of members) check(each, seenInCycle);
    };
    for (const member of members) {
      const file = index.get(member);
      if (!file) {
        seen(member, NO_EXPORTS);
        continue;
      }
      jobs.push(async () => {
        let exports = NO_EXPORTS;
        try {
          const answer = await ask({ path: member, followLinks: file.followLinks, resolutions: resolutionsOf(member, memberSet, () => UNRESOLVED), library });
          if (!('problem' in answer)) exports = exportsOfAnswer(answer, undefined);
        } finally {
          seen(member, exports);
        }
      });
    }
  };

  if (remaining === 0) return;
  // (Listed first: starting one may finish it at once, with `only`, and start its importers.)
  const ready = components.flatMap((_, at) => (waitingOn[at] === 0 ? [at] : []));
  for (const at of ready) start(at);
  // Every component was done without work (none of `only`'s files left to check).
  if (remaining === 0 && jobs.length === 0) return;
  pump();
  await allDone;
}
