// Rename and prepareRename: the core decides what can be renamed and which tokens change
// (core/editing/rename.ts); this translates positions, refusals and edits to LSP. A field's
// rename also changes the open buffers that import the file declaring its type.
import { LSPErrorCodes, ResponseError, type Position, type Range, type TextEdit, type WorkspaceEdit } from 'vscode-languageserver/node';
import { moduleNamesPath, planImportedFieldRename, planRename, renameTarget } from '../core/editing';
import { labelText } from '../protocol/display-text';
import type { OpenBuffer } from '../workspace/buffer';
import { pathOfBufferUri } from '../workspace/buffer-path';
import type { Workspace } from '../workspace/workspace';
import { offsetOf, toLspRange } from './convert';

function refuse(message: string): ResponseError<void> {
  return new ResponseError(LSPErrorCodes.RequestFailed, message);
}

export function prepareRename(buffer: OpenBuffer, position: Position): { range: Range; placeholder: string } | ResponseError<void> {
  const target = renameTarget(buffer.document, buffer.analysis(), offsetOf(buffer.document, position));
  if (!target.ok) return refuse(target.reason);
  return { range: toLspRange(target.occurrence.span), placeholder: target.occurrence.name };
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
): WorkspaceEdit | ResponseError<void> {
  const offset = offsetOf(buffer.document, position);
  const plan = planRename(buffer.document, buffer.analysis(), offset, newName);
  if (!plan.ok) return refuse(plan.reason);
  const notes = [...plan.notes];
  const changes: { buffer: OpenBuffer; edits: TextEdit[] }[] = [{ buffer, edits: plan.edits.map((edit) => ({ range: toLspRange(edit.span), newText: edit.newText })) }];
  const symbol = renameTarget(buffer.document, buffer.analysis(), offset);
  const field = symbol.ok ? symbol.occurrence.symbol : undefined;
  if (field?.kind === 'field' && field.ownerType) {
    const declaredIn = pathOfBufferUri(buffer.uri);
    const declaring = { document: buffer.document, model: buffer.analysis() };
    for (const other of workspace.all()) {
      if (other.uri === buffer.uri) continue;
      const imported = planImportedFieldRename(declaring, { document: other.document, model: other.analysis() }, (module) => moduleNamesPath(module, declaredIn), { name: field.name, ownerType: field.ownerType }, newName);
      if (!imported.ok) return refuse(`In ${labelText(other.uri)}: ${imported.reason}`);
      notes.push(...imported.notes.map((note) => `in ${labelText(other.uri)}, ${note}`));
      if (imported.edits.length > 0) changes.push({ buffer: other, edits: imported.edits.map((edit) => ({ range: toLspRange(edit.span), newText: edit.newText })) });
    }
  }
  if (notes.length > 0) notify(`Rename: ${notes.join('; ')}.`);
  return documentChanges
    ? { documentChanges: changes.map((change) => ({ textDocument: { uri: change.buffer.uri, version: change.buffer.revision }, edits: change.edits })) }
    : { changes: Object.fromEntries(changes.map((change) => [change.buffer.uri, change.edits])) };
}
