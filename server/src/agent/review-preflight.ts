// What a change would break in its buffer and in the buffers that import it, found by analysing
// the edited text (a scratch document; no buffer changes) and each importer against the edited
// module's exports. A change sent for review (docs/AGENT-ENDPOINT.md "Review mode") shows them
// beside it, and the Accept says how many; every change reports what it breaks in importers as
// brokenCallers (broken-callers.ts). A dry run of a change of several files analyses each file
// against what the others will export (exportsAfterEdits, resolverWithExports).
import { addedErrors, type Diagnostic } from '../core/ast';
import { previewDocument } from '../core/editing';
import { analyze, moduleExportsOf, type LibraryContext, type LibraryIndex, type ModuleExports, type ModuleResolver, type SemanticModel } from '../core/semantics';
import type { TextEdit } from '../core/syntax';
import type { OpenBuffer } from '../workspace/buffer';
import type { Workspace } from '../workspace/workspace';

/** The most introduced errors a review carries (the count is always exact). */
export const MAX_INTRODUCED_ERRORS = 20;

export interface IntroducedError {
  uri: string;
  /** 1-based, as the diagnostic says. */
  line: number;
  column: number;
  code: string;
  message: string;
}

export interface ReviewPreflight {
  /** How many errors the change would introduce, everywhere. */
  count: number;
  /** The first MAX_INTRODUCED_ERRORS of them: its own buffer's first, then each importer's. */
  errors: IntroducedError[];
}

/** The errors `edits` would introduce in `buffer` and in the open buffers that import it. */
export function reviewPreflight(workspace: Workspace, buffer: OpenBuffer, edits: readonly TextEdit[], library: LibraryContext | undefined): ReviewPreflight {
  const found: IntroducedError[] = [];
  let count = 0;
  const note = (uri: string, errors: readonly Diagnostic[]): void => {
    count += errors.length;
    for (const d of errors) if (found.length < MAX_INTRODUCED_ERRORS) found.push({ uri, line: d.line, column: d.column, code: d.code, message: d.message });
  };
  const preview = previewDocument(buffer.document, edits);
  try {
    const after = analyze(preview, { library, modules: workspace.modules.resolverFor(buffer) });
    note(buffer.uri, addedErrors(buffer.analysis().diagnostics, after.diagnostics));
    for (const importer of errorsInImporters(workspace, buffer, after, library)) note(importer.uri, importer.errors);
  } finally {
    preview.dispose();
  }
  return { count, errors: found };
}

/**
 * The errors the module in `buffer`, changed to what `after` analyses, would add in each open
 * buffer that imports it: each importer analysed against the changed module's exports. None when
 * the exports stay as they are (nothing an importer sees changed).
 */
export function errorsInImporters(workspace: Workspace, buffer: OpenBuffer, after: SemanticModel, library: LibraryContext | undefined): { uri: string; errors: Diagnostic[] }[] {
  if (!exportsChange(buffer, after)) return [];
  const exports = moduleExportsOf(after);
  const found: { uri: string; errors: Diagnostic[] }[] = [];
  for (const importer of workspace.all()) {
    if (importer === buffer) continue;
    const resolver = workspace.modules.resolverFor(importer);
    const paths = importedPathsOf(importer, buffer, workspace);
    if (!resolver || paths.size === 0) continue;
    // The importer as it would be: the edited module's exports in place of the buffer's own.
    const edited: ModuleResolver = {
      resolve: (modulePath) => {
        const resolution = resolver.resolve(modulePath);
        return paths.has(modulePath) && 'file' in resolution ? { file: resolution.file, exports } : resolution;
      },
    };
    const errors = addedErrors(importer.analysis().diagnostics, analyze(importer.document, { library, modules: edited }).diagnostics);
    if (errors.length > 0) found.push({ uri: importer.uri, errors });
  }
  return found;
}

/** What the module in `buffer` would export with `edits` applied (a scratch document; the buffer is untouched). */
export function exportsAfterEdits(workspace: Workspace, buffer: OpenBuffer, edits: readonly TextEdit[], library: LibraryContext | LibraryIndex | undefined): ModuleExports {
  const preview = previewDocument(buffer.document, edits);
  try {
    return moduleExportsOf(analyze(preview, { library, modules: workspace.modules.resolverFor(buffer) }));
  } finally {
    preview.dispose();
  }
}

/**
 * `resolver` with the open buffers of `exportsByUri` (by uri) exporting what is given there: for
 * a file of a change of several files, the other files as the change leaves them.
 */
export function resolverWithExports(workspace: Workspace, resolver: ModuleResolver, exportsByUri: ReadonlyMap<string, ModuleExports>): ModuleResolver {
  return {
    resolve: (modulePath) => {
      const resolution = resolver.resolve(modulePath);
      const exports = 'file' in resolution ? exportsByUri.get(workspace.modules.openBufferOf(modulePath)?.uri ?? '') : undefined;
      return exports && 'file' in resolution ? { file: resolution.file, exports } : resolution;
    },
  };
}

/** Whether the module in `buffer`, changed to what `after` analyses, exports something else. */
export function exportsChange(buffer: OpenBuffer, after: SemanticModel): boolean {
  return moduleExportsOf(after).fingerprint !== moduleExportsOf(buffer.analysis()).fingerprint;
}

/** Whether `importer`'s `use` lines name `module`'s file. */
export function importsBuffer(importer: OpenBuffer, module: OpenBuffer, workspace: Workspace): boolean {
  return importedPathsOf(importer, module, workspace).size > 0;
}

/** The module paths by which `importer`'s `use` lines name `module`'s file. */
function importedPathsOf(importer: OpenBuffer, module: OpenBuffer, workspace: Workspace): Set<string> {
  const paths = new Set<string>();
  for (const item of importer.document.ast.children) {
    if (item.type === 'ImportDeclaration' && workspace.modules.openBufferOf(item.module) === module) paths.add(item.module);
  }
  return paths;
}
