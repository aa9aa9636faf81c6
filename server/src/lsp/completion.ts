// Completion: the core's candidates at the cursor (core/queries/completion.ts) as LSP completion items,
// each replacing the partly typed word. The kinds map the core's kinds onto the editor's icons.
import { CompletionItemKind, MarkupKind, type CompletionItem, type CompletionParams } from 'vscode-languageserver/node';
import { completionsAt, type CompletionCandidate } from '../core/queries';
import type { OpenBuffer } from '../workspace/buffer';
import { offsetOf, rangeOfOffsets } from './convert';

export const COMPLETION_TRIGGER_CHARACTERS = ['.', '@', '('];

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
  }
}

export function completion(buffer: OpenBuffer, params: CompletionParams): CompletionItem[] {
  const document = buffer.document;
  const cursor = offsetOf(document, params.position);
  const completions = completionsAt(document, buffer.analysis(), cursor);
  // `(` opens every call; only an annotation's arguments have something to offer right after it.
  if (params.context?.triggerCharacter === '(' && completions.context !== 'annotationArgument') return [];
  const range = rangeOfOffsets(document, completions.replaceFrom, cursor);
  return completions.candidates.map((candidate, index) => {
    const item: CompletionItem = {
      label: candidate.label,
      kind: itemKind(candidate),
      // The core lists the innermost names first; keep its order.
      sortText: String(index).padStart(5, '0'),
      filterText: candidate.label,
      textEdit: { range, newText: candidate.insertText ?? candidate.label },
    };
    if (candidate.detail) item.detail = candidate.detail;
    if (candidate.documentation) item.documentation = { kind: MarkupKind.Markdown, value: candidate.documentation };
    return item;
  });
}
