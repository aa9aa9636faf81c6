// The call hierarchy across files, read from the reference summaries (reference-summary.ts) of
// every file, open or not: who calls a top-level function (grouped by the top-level function the
// call is written in, or the file's top-level code), and which top-level functions, of its own file
// or imported from others, a function calls.
import type { DeclarationSummary, SummarySpan } from './file-summary';
import type { FileIndex, ReferencedFile } from './file-index';
import { declarationTarget, moduleResolver, referencesTo, type NameTarget } from './name-references';
import { TOKEN_STRIDE } from './reference-summary';

export interface IncomingCall {
  file: ReferencedFile;
  /** The top-level function the calls are written in; none: the file's top-level code. */
  caller?: DeclarationSummary;
  /** The callee's name tokens at the calls. */
  ranges: SummarySpan[];
}

export interface OutgoingCall {
  callee: NameTarget;
  /** The callee's name tokens at the calls, in the caller's file. */
  ranges: SummarySpan[];
}

/** The calls of the top-level function `target`, in every file. */
export function incomingCalls(index: FileIndex, target: NameTarget): IncomingCall[] {
  const calls = new Map<string, IncomingCall>();
  for (const group of referencesTo(index, target)) {
    forEachCall(group.tokens, target.name.length, (range, enclosing) => {
      const key = `${group.file.path}\u0000${enclosing}`;
      let call = calls.get(key);
      if (!call) {
        const caller = enclosing >= 0 ? group.file.declarations[enclosing] : undefined;
        calls.set(key, (call = { file: group.file, ...(caller ? { caller } : {}), ranges: [] }));
      }
      call.ranges.push(range);
    });
  }
  return [...calls.values()];
}

/** The top-level functions `target` (a top-level function) calls, its own file's and imported ones. */
export function outgoingCalls(index: FileIndex, target: NameTarget): OutgoingCall[] {
  const resolves = moduleResolver(index);
  const calls = new Map<string, OutgoingCall>();
  for (const group of target.file.references.references) {
    const path = group.module === '' ? target.path : resolves(group.module);
    if (path === undefined) continue;
    forEachCall(group.tokens, group.name.length, (range, enclosing) => {
      if (enclosing !== target.declarationIndex) return;
      const key = `${path}\u0000${group.name}`;
      let call = calls.get(key);
      if (!call) {
        const callee = declarationTarget(index, path, group.name);
        if (callee?.declaration.kind !== 'function') return;
        calls.set(key, (call = { callee, ranges: [] }));
      }
      call.ranges.push(range);
    });
  }
  return [...calls.values()];
}

function forEachCall(tokens: readonly number[], length: number, use: (range: SummarySpan, enclosing: number) => void): void {
  for (let at = 0; at < tokens.length; at += TOKEN_STRIDE) {
    if (tokens[at + 3] !== 1) continue;
    use({ startLine: tokens[at], startColumn: tokens[at + 1], endLine: tokens[at], endColumn: tokens[at + 1] + length }, tokens[at + 2]);
  }
}
