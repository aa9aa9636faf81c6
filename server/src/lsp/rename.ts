// Rename and prepareRename: the core decides what can be renamed and which tokens change
// (core/editing/rename.ts); this translates positions, refusals and edits to LSP.
import { LSPErrorCodes, ResponseError, type Position, type Range, type WorkspaceEdit } from 'vscode-languageserver/node';
import { planRename, renameTarget } from '../core/editing';
import type { OpenBuffer } from '../workspace/buffer';
import { offsetOf, toLspRange, workspaceEditOf } from './convert';

function refuse(message: string): ResponseError<void> {
  return new ResponseError(LSPErrorCodes.RequestFailed, message);
}

export function prepareRename(buffer: OpenBuffer, position: Position): { range: Range; placeholder: string } | ResponseError<void> {
  const target = renameTarget(buffer.document, buffer.analysis(), offsetOf(buffer.document, position));
  if (!target.ok) return refuse(target.reason);
  return { range: toLspRange(target.occurrence.span), placeholder: target.occurrence.name };
}

export function rename(buffer: OpenBuffer, position: Position, newName: string, documentChanges: boolean): WorkspaceEdit | ResponseError<void> {
  const plan = planRename(buffer.document, buffer.analysis(), offsetOf(buffer.document, position), newName);
  if (!plan.ok) return refuse(plan.reason);
  const edits = plan.edits.map((edit) => ({ range: toLspRange(edit.span), newText: edit.newText }));
  return workspaceEditOf(buffer.uri, buffer.revision, edits, documentChanges);
}
