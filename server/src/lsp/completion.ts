// Completion: the core's candidates at the cursor (core/queries/completion.ts) as LSP completion items,
// each replacing the partly typed word. The kinds map the core's kinds onto the editor's icons. The
// workspace's modules come from the index (workspace/module-catalog.ts); a name of another module
// carries the `use` that imports it (core/editing/import-edits.ts) as additionalTextEdits.
import { CompletionItemKind, MarkupKind, type CompletionItem, type CompletionList, type CompletionParams } from 'vscode-languageserver/node';
import { importEdits } from '../core/editing';
import { completionsAt, type CompletionCandidate, type ModuleCatalog } from '../core/queries';
import type { OpenBuffer } from '../workspace/buffer';
import { offsetOf, rangeOfOffsets } from './convert';

export const COMPLETION_TRIGGER_CHARACTERS = ['.', '@', '(', '{'];

function itemKind(candidate: CompletionCandidate): CompletionItemKind {
  switch (candidate.kind) {
    case 'function':
    case 'builtin':
      return CompletionItemKind.Function;
    case 'variable':
    case 'parameter':
    case 'iterator':
      return CompletionItemKind.Variable;
    case 'constant':
      return CompletionItemKind.Constant;
    case 'type':
      return CompletionItemKind.Struct;
    case 'field':
      return CompletionItemKind.Field;
    case 'import':
      if (candidate.symbol?.type.kind === 'function') return CompletionItemKind.Function;
      return candidate.symbol?.type.kind === 'module' ? CompletionItemKind.Module : CompletionItemKind.Variable;
    case 'keyword':
      return CompletionItemKind.Keyword;
    case 'annotationType':
      return CompletionItemKind.Interface;
    case 'annotationStrategy':
      return CompletionItemKind.EnumMember;
    case 'annotationKey':
      return CompletionItemKind.Property;
    case 'builtinType':
      return CompletionItemKind.TypeParameter;
    case 'module':
      return CompletionItemKind.Module;
    case 'folder':
      return CompletionItemKind.Folder;
  }
}

export function completion(buffer: OpenBuffer, params: CompletionParams, modules?: ModuleCatalog): CompletionItem[] | CompletionList {
  const document = buffer.document;
  const cursor = offsetOf(document, params.position);
  const completions = completionsAt(document, buffer.analysis(), cursor, modules);
  // `(` opens every call and `{` every block; only an annotation's arguments and an import's names
  // have something to offer right after them.
  const trigger = params.context?.triggerCharacter;
  if ((trigger === '(' && completions.context !== 'annotationArgument') || (trigger === '{' && completions.context !== 'importName')) return [];
  const range = rangeOfOffsets(document, completions.replaceFrom, cursor);
  const items: CompletionItem[] = [];
  completions.candidates.forEach((candidate, index) => {
    const item: CompletionItem = {
      label: candidate.label,
      kind: itemKind(candidate),
      // The core lists the file's own names first, then other modules'; keep its order.
      sortText: String(index).padStart(5, '0'),
      filterText: candidate.label,
      textEdit: { range, newText: candidate.insertText ?? candidate.label },
    };
    if (candidate.detail) item.detail = candidate.detail;
    if (candidate.documentation) item.documentation = { kind: MarkupKind.Markdown, value: candidate.documentation };
    if (candidate.autoImport !== undefined) {
      const edits = importEdits(document, candidate.autoImport, candidate.label);
      // No edit (the name is bound already) or one that would touch the word being typed: not offered.
      if (!edits || edits.some((edit) => edit.endOffset > completions.replaceFrom && edit.startOffset < cursor)) return;
      item.additionalTextEdits = edits.map((edit) => ({ range: rangeOfOffsets(document, edit.startOffset, edit.endOffset), newText: edit.newText }));
      item.labelDetails = { description: candidate.autoImport };
    }
    items.push(item);
  });
  return completions.incomplete ? { isIncomplete: true, items } : items;
}
