// Rename and prepareRename: the core decides what can be renamed and which tokens change
// (core/editing/rename.ts); this translates positions, refusals and edits to LSP. A top-level name
// other files can import is renamed in every file of the workspace that writes it, open or not,
// from its declaration or from any file importing it (workspace/workspace-rename.ts); a field of a
// declared type also in every file that imports the declaring one, from its declaration or from a
// use in any of them. A file not open is edited with
// the version null (or in `changes`, for a client without documentChanges).
import { LSPErrorCodes, ResponseError, type Position, type Range, type TextEdit, type WorkspaceEdit } from 'vscode-languageserver/node';
import { moduleNamesPath, planImportedFieldRename, planRename, renameTarget } from '../core/editing';
import { occurrenceAt } from '../core/queries';
import { labelText } from '../protocol/display-text';
import type { OpenBuffer } from '../workspace/buffer';
import { pathOfBufferUri } from '../workspace/buffer-path';
import { fieldSymbolAt } from '../workspace/field-references';
import { withAnalysis } from '../workspace/file-analysis';
import type { FileIndex } from '../workspace/file-index';
import type { FieldSummary } from '../workspace/file-summary';
import { nameTargetAt } from '../workspace/name-references';
import type { WorkspaceSymbol } from '../workspace/qualified-names';
import type { Workspace } from '../workspace/workspace';
import { planFieldRenameAcrossFiles, planWorkspaceRename, type FileEdits, type WorkspaceRenamePlan } from '../workspace/workspace-rename';
import { offsetOf, toLspRange } from './convert';
import { summaryRange } from './summary-range';

function refuse(message: string): ResponseError<void> {
  return new ResponseError(LSPErrorCodes.RequestFailed, message);
}

export function prepareRename(buffer: OpenBuffer, position: Position, index?: FileIndex): { range: Range; placeholder: string } | ResponseError<void> {
  const offset = offsetOf(buffer.document, position);
  const target = renameTarget(buffer.document, buffer.analysis(), offset);
  if (target.ok) return { range: toLspRange(target.occurrence.span), placeholder: target.occurrence.name };
  // A name imported from a module that is a file of the workspace is renamed there too.
  // So is a field of a type imported from one.
  const occurrence = index && (nameTargetAt(index, buffer, offset) || fieldSymbolAt(index, buffer, offset)) ? occurrenceAt(buffer.document, buffer.analysis(), offset) : undefined;
  if (occurrence) return { range: toLspRange(occurrence.span), placeholder: occurrence.name };
  return refuse(target.reason);
}

/**
 * The rename's edit, or its refusal; `notify` is told what the rename left alone (a field read from
 * a value whose type is not known), in words made of names and line numbers only.
 */
export function rename(
  workspace: Workspace,
  buffer: OpenBuffer,
  position: Position,
  newName: string,
  documentChanges: boolean,
  notify: (message: string) => void,
  index?: FileIndex,
): WorkspaceEdit | ResponseError<void> {
  const offset = offsetOf(buffer.document, position);
  const target = index ? nameTargetAt(index, buffer, offset) : undefined;
  if (index && target) {
    // A file not read yet could use the name: renaming now could leave it behind.
    if (index.building) return refuse('The workspace is still being indexed; rename again once the indexing is done');
    return workspaceEdit(planWorkspaceRename(index, workspace.modules, target, newName), buffer.uri, documentChanges, notify);
  }

  const declaredElsewhere = index ? fieldSymbolAt(index, buffer, offset) : undefined;
  if (index && declaredElsewhere?.field && declaredElsewhere.file.uri !== buffer.uri) {
    return renameFieldDeclaredElsewhere(workspace, index, { ...declaredElsewhere, field: declaredElsewhere.field }, newName, documentChanges, notify);
  }
  const plan = planRename(buffer.document, buffer.analysis(), offset, newName);
  if (!plan.ok) return refuse(plan.reason);
  const own: FileEdits = { uri: buffer.uri, path: pathOfBufferUri(buffer.uri), buffer, edits: [] };
  const changes: { uri: string; buffer?: OpenBuffer; edits: TextEdit[] }[] = [{ uri: buffer.uri, buffer, edits: plan.edits.map((edit) => ({ range: toLspRange(edit.span), newText: edit.newText })) }];
  const notes = [...plan.notes];
  const symbol = renameTarget(buffer.document, buffer.analysis(), offset);
  const field = symbol.ok ? symbol.occurrence.symbol : undefined;
  if (field?.kind === 'field' && field.ownerType && index?.moduleOfPath(own.path) !== undefined && buffer.uri.startsWith('file:')) {
    if (index.building) return refuse('The workspace is still being indexed; rename again once the indexing is done');
    // Every file importing this one, open or not.
    const across = planFieldRenameAcrossFiles(index, workspace.modules, { path: own.path, document: buffer.document, model: buffer.analysis() }, { name: field.name, ownerType: field.ownerType }, newName);
    if (!across.ok) return refuse(refusal(across, buffer.uri));
    notes.push(...across.notes.map((note) => inFile(note.uri, note.note)));
    changes.push(...across.files.map((file) => ({ uri: file.uri, ...(file.buffer ? { buffer: file.buffer } : {}), edits: lspEdits(file) })));
  } else if (field?.kind === 'field' && field.ownerType) {
    // A file outside the source roots: the open buffers importing it by the end of their path.
    const declaredIn = own.path;
    const declaring = { document: buffer.document, model: buffer.analysis() };
    for (const other of workspace.all()) {
      if (other.uri === buffer.uri) continue;
      const imported = planImportedFieldRename(declaring, { document: other.document, model: other.analysis() }, (module) => moduleNamesPath(module, declaredIn), { name: field.name, ownerType: field.ownerType }, newName);
      if (!imported.ok) return refuse(`In ${labelText(other.uri)}: ${imported.reason}`);
      notes.push(...imported.notes.map((note) => `in ${labelText(other.uri)}, ${note}`));
      if (imported.edits.length > 0) changes.push({ uri: other.uri, buffer: other, edits: imported.edits.map((edit) => ({ range: toLspRange(edit.span), newText: edit.newText })) });
    }
  }
  if (notes.length > 0) notify(`Rename: ${notes.join('; ')}.`);
  return asWorkspaceEdit(changes, documentChanges);
}

/**
 * A field of a type another file of the workspace declares (F2 on `line.sku` where `Line` is
 * imported): renamed as from its declaration, in that file, open or not, and in every importer.
 */
function renameFieldDeclaredElsewhere(
  workspace: Workspace,
  index: FileIndex,
  field: WorkspaceSymbol & { field: FieldSummary },
  newName: string,
  documentChanges: boolean,
  notify: (message: string) => void,
): WorkspaceEdit | ResponseError<void> {
  const at = summaryRange(field.field.nameSpan).start;
  const open = workspace.get(field.file.uri);
  if (open) return rename(workspace, open, at, newName, documentChanges, notify, index);
  if (index.building) return refuse('The workspace is still being indexed; rename again once the indexing is done');
  const file = index.referencedFile(field.file.path);
  const planned =
    file &&
    withAnalysis(workspace.modules, file, (declaring): WorkspaceEdit | ResponseError<void> => {
      const plan = planRename(declaring.document, declaring.model, offsetOf(declaring.document, at), newName);
      if (!plan.ok) return refuse(`In ${labelText(field.file.uri)}: ${plan.reason}`);
      const across = planFieldRenameAcrossFiles(index, workspace.modules, { path: field.file.path, ...declaring }, { name: field.field.name, ownerType: field.declaration.name }, newName);
      if (!across.ok) return refuse(refusal(across, field.file.uri));
      const notes = [...plan.notes.map((note) => inFile(field.file.uri, note)), ...across.notes.map((note) => inFile(note.uri, note.note))];
      if (notes.length > 0) notify(`Rename: ${notes.join('; ')}.`);
      const own = { uri: field.file.uri, edits: plan.edits.map((edit) => ({ range: toLspRange(edit.span), newText: edit.newText })) };
      return asWorkspaceEdit([own, ...across.files.map((changed) => ({ uri: changed.uri, ...(changed.buffer ? { buffer: changed.buffer } : {}), edits: lspEdits(changed) }))], documentChanges);
    });
  return planned ?? refuse(`${labelText(field.file.uri)}, which declares ${field.declaration.name}, could not be read`);
}

function workspaceEdit(plan: WorkspaceRenamePlan, from: string, documentChanges: boolean, notify: (message: string) => void): WorkspaceEdit | ResponseError<void> {
  if (!plan.ok) return refuse(refusal(plan, from));
  if (plan.notes.length > 0) notify(`Rename: ${plan.notes.map((note) => inFile(note.uri === from ? undefined : note.uri, note.note)).join('; ')}.`);
  return asWorkspaceEdit(
    plan.files.map((file) => ({ uri: file.uri, ...(file.buffer ? { buffer: file.buffer } : {}), edits: lspEdits(file) })),
    documentChanges,
  );
}

function asWorkspaceEdit(changes: readonly { uri: string; buffer?: OpenBuffer; edits: TextEdit[] }[], documentChanges: boolean): WorkspaceEdit {
  const touched = changes.filter((change) => change.edits.length > 0 || change.buffer);
  return documentChanges
    ? { documentChanges: touched.map((change) => ({ textDocument: { uri: change.uri, version: change.buffer ? change.buffer.revision : null }, edits: change.edits })) }
    : { changes: Object.fromEntries(touched.map((change) => [change.uri, change.edits])) };
}

function lspEdits(file: FileEdits): TextEdit[] {
  return file.edits.map((edit) => ({ range: summaryRange(edit.range), newText: edit.newText }));
}

function refusal(plan: { reason: string; uri?: string }, from: string): string {
  return plan.uri === undefined || plan.uri === from ? plan.reason : `In ${labelText(plan.uri)}: ${plan.reason}`;
}

function inFile(uri: string | undefined, note: string): string {
  return uri === undefined ? note : `in ${labelText(uri)}, ${note}`;
}
