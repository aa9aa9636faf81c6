// Quick fixes: a diagnostic whose core diagnostic carries a `fix` (a list of mutations) offers it
// as a code action. The mutations go through the core's mutation engine, which turns them into
// minimal text edits of the current text; the client applies them as one undoable edit. A name
// that cannot be found (E_UNDEFINED) and that modules of the workspace declare offers "Import
// 'name' from module", one action per module, with the edit completion's auto-import makes.
import { CodeActionKind, type CodeAction, type CodeActionParams, type Diagnostic as LspDiagnostic } from 'vscode-languageserver/node';
import type { Diagnostic } from '../core/ast';
import { applyMutations, importEdits } from '../core/editing';
import { missingNameOf } from '../core/queries';
import { labelText } from '../protocol/display-text';
import type { OpenBuffer } from '../workspace/buffer';
import type { WorkspaceModules } from '../workspace/module-catalog';
import { diagnosticData, offsetOf, rangeOfOffsets, workspaceEditOf } from './convert';
import type { Log } from './guard';

/** The most "Import 'name' from module" actions offered for one name. */
const MAX_IMPORT_ACTIONS = 10;

export function codeActions(buffer: OpenBuffer, params: CodeActionParams, documentChanges: boolean, log: Log, modules?: WorkspaceModules): CodeAction[] {
  const only = params.context.only;
  if (only && !only.some((kind) => kind === CodeActionKind.QuickFix || CodeActionKind.QuickFix.startsWith(`${kind}.`) || kind === CodeActionKind.Empty)) {
    return [];
  }
  const document = buffer.document;
  const from = offsetOf(document, params.range.start);
  const to = offsetOf(document, params.range.end);
  // The current revision's diagnostics are authoritative: a client's copy may be a version old.
  const fixable = buffer.diagnostics().filter((d) => d.fix && d.fix.length > 0 && d.span.startOffset <= to && d.span.endOffset >= from);
  const actions: CodeAction[] = [];
  for (const diagnostic of fixable) {
    const reported = params.context.diagnostics.find((candidate) => sameProblem(candidate, diagnostic));
    if (params.context.diagnostics.length > 0 && !reported) continue;
    let edits;
    try {
      let next = 0;
      edits = applyMutations(document, diagnostic.fix ?? [], () => `node_fix_${++next}`).edits;
    } catch (error) {
      // A fix that no longer applies (the text moved on in a way ids do not survive) is not offered.
      log(`The fix of ${diagnostic.code} at ${diagnostic.line}:${diagnostic.column} does not apply`, error);
      continue;
    }
    if (edits.length === 0) continue;
    const lspEdits = edits.map((edit) => ({ range: rangeOfOffsets(document, edit.startOffset, edit.endOffset), newText: edit.newText }));
    const action: CodeAction = {
      title: fixTitle(buffer, diagnostic),
      kind: CodeActionKind.QuickFix,
      isPreferred: true,
      edit: workspaceEditOf(buffer.uri, buffer.revision, lspEdits, documentChanges),
    };
    if (reported) action.diagnostics = [reported];
    actions.push(action);
  }
  if (modules) actions.push(...importActions(buffer, params, from, to, documentChanges, modules));
  return actions;
}

/** "Import 'name' from module" for each name in the range that cannot be found and that modules of the workspace declare. */
function importActions(buffer: OpenBuffer, params: CodeActionParams, from: number, to: number, documentChanges: boolean, modules: WorkspaceModules): CodeAction[] {
  const document = buffer.document;
  const actions: CodeAction[] = [];
  const offered = new Set<string>();
  for (const diagnostic of buffer.diagnostics()) {
    if (diagnostic.code !== 'E_UNDEFINED' || diagnostic.span.startOffset > to || diagnostic.span.endOffset < from) continue;
    const reported = params.context.diagnostics.find((candidate) => sameProblem(candidate, diagnostic));
    if (params.context.diagnostics.length > 0 && !reported) continue;
    const missing = missingNameOf(document, diagnostic);
    if (!missing) continue;
    const declaring = modules.modulesDeclaring(missing.name, missing.kind).slice(0, MAX_IMPORT_ACTIONS);
    for (const module of declaring) {
      // One action per module and name, however many uses of the name are in the range.
      const key = `${module}\u0000${missing.name}`;
      if (offered.has(key)) continue;
      offered.add(key);
      const edits = importEdits(document, module, missing.name);
      if (!edits) continue;
      const lspEdits = edits.map((edit) => ({ range: rangeOfOffsets(document, edit.startOffset, edit.endOffset), newText: edit.newText }));
      const action: CodeAction = {
        title: `Import '${labelText(missing.name)}' from ${labelText(module)}`,
        kind: CodeActionKind.QuickFix,
        edit: workspaceEditOf(buffer.uri, buffer.revision, lspEdits, documentChanges),
      };
      if (declaring.length === 1 && !diagnostic.fix?.length) action.isPreferred = true;
      if (reported) action.diagnostics = [reported];
      actions.push(action);
    }
  }
  return actions;
}

/**
 * What the fix does, in the words of its mutations where they say it plainly (a hint such as
 * "Remove it, or name it _name" offers more than the one fix does), else the hint.
 */
function fixTitle(buffer: OpenBuffer, diagnostic: Diagnostic): string {
  const fix = diagnostic.fix ?? [];
  const [first] = fix;
  if (fix.length === 1 && first.type === 'setProperty' && typeof first.value === 'string') {
    const node = buffer.document.nodeById(first.nodeId) as unknown as Record<string, unknown> | undefined;
    const current = node?.[first.property];
    const what = first.property === 'name' ? '' : `the ${first.property} `;
    return typeof current === 'string' && current !== '' ? `Change ${what}'${current}' to '${first.value}'` : `Set ${first.property} to '${first.value}'`;
  }
  if (fix.length === 1 && first.type === 'deleteNode') return `Remove it (${diagnostic.code})`;
  return diagnostic.hint ? `Fix: ${diagnostic.hint}` : `Fix: ${diagnostic.message}`;
}

/** Whether a diagnostic the client holds is the core diagnostic: same code and node, or same code and start. */
function sameProblem(candidate: LspDiagnostic, diagnostic: Diagnostic): boolean {
  if (candidate.code !== diagnostic.code) return false;
  const data = diagnosticData(candidate);
  if (data) return data.nodeId === diagnostic.nodeId;
  return candidate.range.start.line === diagnostic.span.start.line - 1 && candidate.range.start.character === diagnostic.span.start.column;
}
