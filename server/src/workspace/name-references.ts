// References across the workspace: which top-level declaration a name in a buffer denotes (its
// own, one imported from a module found as a file, `m.x` after `use m;`), and every token in every
// file, open or not, that denotes it. Files not open are answered from the index's reference
// summaries (reference-summary.ts), so a search reads no file; open buffers from their analysis.
import { moduleNameAt } from '../core/queries';
import type { OpenBuffer } from './buffer';
import { pathOfBufferUri } from './buffer-path';
import type { FileIndex, ReferencedFile } from './file-index';
import type { DeclarationSummary } from './file-summary';
import { TOKEN_STRIDE } from './reference-summary';

/** A top-level declaration other files can import, where it is declared. */
export interface NameTarget {
  /** The declaring file. */
  path: string;
  name: string;
  file: ReferencedFile;
  declaration: DeclarationSummary;
  /** Its index in `file.declarations`. */
  declarationIndex: number;
}

/** One reference group of a file: the tokens (TOKEN_STRIDE numbers each) denoting the target. */
export interface FileReferences {
  file: ReferencedFile;
  /** '' when the file declares the name; otherwise the module path it imports it by. */
  module: string;
  tokens: readonly number[];
}

/**
 * The top-level declaration the name at `offset` of `buffer` denotes, when it is one other files
 * can reach (the buffer's file is under a source root, or the module is a file there); undefined
 * otherwise (a local, a library module's name, a file alone unless `outsideRoots`).
 */
export function nameTargetAt(index: FileIndex, buffer: OpenBuffer, offset: number, options: { outsideRoots?: boolean } = {}): NameTarget | undefined {
  const found = moduleNameAt(buffer.document, buffer.analysis(), offset);
  if (!found) return undefined;
  const path = found.module === '' ? pathOfBufferUri(buffer.uri) : index.pathOfModule(found.module);
  if (path === undefined || (found.module === '' && !buffer.uri.startsWith('file:'))) return undefined;
  if (!options.outsideRoots && index.moduleOfPath(path) === undefined) return undefined;
  return declarationTarget(index, path, found.name);
}

/** The top-level declaration of `name` in the file at `path`, if it has one. */
export function declarationTarget(index: FileIndex, path: string, name: string): NameTarget | undefined {
  const file = index.referencedFile(path);
  if (!file) return undefined;
  const declarationIndex = file.declarations.findIndex((declaration) => declaration.name === name);
  return declarationIndex < 0 ? undefined : { path, name, file, declaration: file.declarations[declarationIndex], declarationIndex };
}

/** Every group of tokens, in every file, that denotes the target (its declaration not included). */
export function referencesTo(index: FileIndex, target: { path: string; name: string }): FileReferences[] {
  return groupsNaming(index, target.path, target.name);
}

/** Every group, in every file, naming `name` of the file at `path`: declared there, or imported from it (declared or not). */
export function groupsNaming(index: FileIndex, path: string, name: string): FileReferences[] {
  const found: FileReferences[] = [];
  const resolves = moduleResolver(index);
  for (const file of index.referencedFiles()) {
    for (const group of file.references.references) {
      if (group.name !== name) continue;
      if (group.module === '' ? file.path === path : resolves(group.module) === path) found.push({ file, module: group.module, tokens: group.tokens });
    }
  }
  return found;
}

/** Module path → the file it names, as imports resolve, remembered for one question. */
export function moduleResolver(index: FileIndex): (module: string) => string | undefined {
  const open = index.openPaths();
  const known = new Map<string, string | undefined>();
  return (module) => {
    if (!known.has(module)) known.set(module, index.pathOfModule(module, open));
    return known.get(module);
  };
}

/** The tokens of a group as ranges: lines 1-based, columns 0-based (UTF-16). */
export function tokenRanges(tokens: readonly number[], length: number): { startLine: number; startColumn: number; endLine: number; endColumn: number }[] {
  const ranges = [];
  for (let at = 0; at < tokens.length; at += TOKEN_STRIDE) ranges.push({ startLine: tokens[at], startColumn: tokens[at + 1], endLine: tokens[at], endColumn: tokens[at + 1] + length });
  return ranges;
}
