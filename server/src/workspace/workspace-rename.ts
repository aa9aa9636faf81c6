// Rename of a top-level name across the workspace: the declaring file and every file that imports
// the name, open or not, as one plan, or refused with the file and the reason. The declaring file
// is analysed in full (the core's planRename: duplicates, shadowing, capture, the projections).
// An importing file that writes the new name nowhere cannot clash with it, so its tokens come from
// the index's summary, checked against the file's text (a file changed since it was indexed is
// analysed instead); one that does write it is analysed in full (planImportedNameRename). A file
// importing the new name from the module, which does not declare it yet, would have that import
// mean the renamed declaration: refused. A field of a declared type is renamed in every file that
// imports from the declaring one, open or not, each analysed (planImportedFieldRename).
import type { Span } from '../core/ast';
import { planImportedFieldRename, planImportedNameRename, planRename } from '../core/editing';
import type { SemanticModel } from '../core/semantics';
import type { WhetstoneDocument } from '../core/syntax';
import type { OpenBuffer } from './buffer';
import type { FileIndex, ReferencedFile } from './file-index';
import type { SummarySpan } from './file-summary';
import { withAnalysis } from './file-analysis';
import type { ModuleExportsCache } from './module-exports';
import { groupsNaming, moduleResolver, referencesTo, tokenRanges, type NameTarget } from './name-references';
import { writesName } from './reference-summary';

export interface FileEdits {
  uri: string;
  path: string;
  /** The open buffer the edits are for (its revision); none for a file not open. */
  buffer?: OpenBuffer;
  edits: { range: SummarySpan; newText: string }[];
}

export type WorkspaceRenamePlan =
  | { ok: true; files: FileEdits[]; notes: { uri?: string; note: string }[] }
  /** `uri`: the file the reason is about, when it is not the one the rename started in. */
  | { ok: false; reason: string; uri?: string };

/** The edits renaming the top-level `target` to `newName` in every file that writes it, or why not. */
export function planWorkspaceRename(index: FileIndex, modules: ModuleExportsCache, target: NameTarget, newName: string): WorkspaceRenamePlan {
  const declaring = withAnalysis(modules, target.file, ({ document, model }) => {
    const node = document.ast.children.find(
      (child) => (child.type === 'FunctionDeclaration' || child.type === 'TypeDeclaration' || child.type === 'VariableDeclaration') && child.name === target.name,
    );
    const offset = node ? document.nameSpan(node.id)?.startOffset : undefined;
    if (offset === undefined) return { ok: false as const, reason: `'${target.name}' is no longer declared at the top level of its file` };
    return planRename(document, model, offset, newName);
  });
  if (!declaring) return { ok: false, reason: 'The file declaring it cannot be read', uri: target.file.uri };
  if (!declaring.ok) return { ok: false, reason: declaring.reason, uri: target.file.uri };
  const files: FileEdits[] = [fileEdits(target.file, declaring.edits.map((edit) => ({ range: plain(edit.span), newText: edit.newText })))];
  const notes = declaring.notes.map((note) => ({ uri: target.file.uri, note }));
  if (newName === target.name) return { ok: true, files: [], notes };

  for (const group of groupsNaming(index, target.path, newName)) {
    if (group.module === '') continue;
    return {
      ok: false,
      uri: group.file.uri,
      reason: `'${newName}' is imported from ${group.module}, which does not declare it; renaming '${target.name}' to '${newName}' would make that name mean the renamed declaration`,
    };
  }

  const resolves = moduleResolver(index);
  const importsFrom = (module: string): boolean => resolves(module) === target.path;
  const byFile = new Map<string, { file: ReferencedFile; tokens: number[] }>();
  for (const group of referencesTo(index, target)) {
    if (group.file.path === target.path) continue;
    const entry = byFile.get(group.file.path) ?? { file: group.file, tokens: [] };
    entry.tokens.push(...group.tokens);
    byFile.set(group.file.path, entry);
  }
  for (const { file, tokens } of byFile.values()) {
    const ranges = tokenRanges(tokens, target.name.length);
    if (!writesName(file.references, newName) && (file.buffer || tokensStillRead(modules.read(file.path), ranges, target.name))) {
      files.push(fileEdits(file, ranges.map((range) => ({ range, newText: newName }))));
      continue;
    }
    const planned = withAnalysis(modules, file, ({ document, model }) => planImportedNameRename(document, model, importsFrom, target.name, newName));
    if (!planned) return { ok: false, reason: 'the file cannot be read', uri: file.uri };
    if (!planned.ok) return { ok: false, reason: planned.reason, uri: file.uri };
    if (planned.edits.length > 0) files.push(fileEdits(file, planned.edits.map((edit) => ({ range: plain(edit.span), newText: edit.newText }))));
  }
  return { ok: true, files, notes };
}

/**
 * For a field of a type declared at the top level of `declaring`, the edits in every other file
 * importing from it, open or not (each analysed), or why not.
 */
export function planFieldRenameAcrossFiles(
  index: FileIndex,
  modules: ModuleExportsCache,
  declaring: { path: string; document: WhetstoneDocument; model: SemanticModel },
  field: { name: string; ownerType: string },
  newName: string,
): WorkspaceRenamePlan {
  const resolves = moduleResolver(index);
  const importsFrom = (module: string): boolean => resolves(module) === declaring.path;
  const files: FileEdits[] = [];
  const notes: { uri?: string; note: string }[] = [];
  for (const file of index.referencedFiles()) {
    if (file.path === declaring.path || !file.references.references.some((group) => group.module !== '' && importsFrom(group.module))) continue;
    const planned = withAnalysis(modules, file, (importer) => planImportedFieldRename(declaring, importer, importsFrom, field, newName));
    if (!planned) return { ok: false, reason: 'the file cannot be read', uri: file.uri };
    if (!planned.ok) return { ok: false, reason: planned.reason, uri: file.uri };
    notes.push(...planned.notes.map((note) => ({ uri: file.uri, note })));
    if (planned.edits.length > 0) files.push(fileEdits(file, planned.edits.map((edit) => ({ range: plain(edit.span), newText: edit.newText }))));
  }
  return { ok: true, files, notes };
}


/** Whether every token is still `name` in the file's text (unchanged since it was indexed, as far as they go). */
function tokensStillRead(text: string | undefined, ranges: readonly SummarySpan[], name: string): boolean {
  if (text === undefined) return false;
  const lineStarts = [0];
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) lineStarts.push(at + 1);
  for (const range of ranges) {
    const start = lineStarts[range.startLine - 1];
    if (start === undefined) return false;
    const offset = start + range.startColumn;
    if (text.slice(offset, offset + name.length) !== name || isNameCharacter(text, offset - 1) || isNameCharacter(text, offset + name.length)) return false;
  }
  return true;
}

function isNameCharacter(text: string, at: number): boolean {
  return at >= 0 && at < text.length && /[A-Za-z0-9_]/.test(text[at]);
}

function fileEdits(file: ReferencedFile, edits: FileEdits['edits']): FileEdits {
  return { uri: file.uri, path: file.path, ...(file.buffer ? { buffer: file.buffer } : {}), edits };
}

function plain(span: Span): SummarySpan {
  return { startLine: span.start.line, startColumn: span.start.column, endLine: span.end.line, endColumn: span.end.column };
}
