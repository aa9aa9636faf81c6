// The rename refactoring: which name at an offset can be renamed, to what, and the name tokens
// that change. What a name denotes comes from the semantic model, so renaming a parameter changes
// that parameter's uses and not a global of the same name. Names that cannot be renamed
// (keywords, built-ins, imported library names, annotation types) and new names that are not
// identifiers or are taken in the symbol's scope, or that would change what some other name means
// (rename-bindings.ts), are refused with the reason. Adapters (the
// language server, agents) translate the result; none decides these rules again.
import type { Span } from '../ast/ast';
import { KEYWORDS, isIdentifier } from '../ast/lexical';
import { occurrenceAt, occurrencesOf, type NameOccurrence } from '../queries/name-occurrences';
import type { SemanticModel } from '../semantics/model';
import type { WhetstoneDocument } from '../syntax/document';
import { bindingChange, bindingChangeReason } from './rename-bindings';

export type RenameTarget = { ok: true; occurrence: NameOccurrence } | { ok: false; reason: string };
export type RenamePlan = { ok: true; edits: { span: Span; newText: string }[] } | { ok: false; reason: string };

/** The renamable name at `offset`, or why there is none. */
export function renameTarget(document: WhetstoneDocument, model: SemanticModel, offset: number): RenameTarget {
  const occurrence = occurrenceAt(document, model, offset);
  const refuse = (reason: string): RenameTarget => ({ ok: false, reason });
  if (!occurrence) {
    const word = wordAt(document.text, offset);
    if (word && KEYWORDS.has(word)) return refuse(`'${word}' is a keyword and cannot be renamed`);
    return refuse('There is no name here to rename');
  }
  if (occurrence.kind === 'annotation') return refuse(`'@${occurrence.name}' is an annotation type of the language and cannot be renamed`);
  if (occurrence.builtinType) return refuse(`'${occurrence.name}' is a built-in type and cannot be renamed`);
  const symbol = occurrence.symbol;
  if (!symbol) return refuse(`'${occurrence.name}' is not declared anywhere, so there is nothing to rename`);
  if (symbol.kind === 'builtin') return refuse(`'${symbol.name}' is a built-in function and cannot be renamed`);
  if (symbol.kind === 'import') return refuse(`'${symbol.name}' is named by the module '${symbol.module ?? '?'}' it is imported from and cannot be renamed here`);
  return { ok: true, occurrence };
}

/** Every name token to change to rename the name at `offset` to `newName`, or why not. */
export function planRename(document: WhetstoneDocument, model: SemanticModel, offset: number, newName: unknown): RenamePlan {
  const target = renameTarget(document, model, offset);
  if (!target.ok) return target;
  const symbol = target.occurrence.symbol;
  if (!symbol) return { ok: false, reason: 'There is no name here to rename' };
  if (typeof newName !== 'string' || KEYWORDS.has(newName)) return { ok: false, reason: `'${String(newName)}' is a keyword and cannot be a name` };
  if (!isIdentifier(newName)) return { ok: false, reason: `'${newName}' is not a valid identifier: use letters, digits and _, not starting with a digit` };
  if (newName !== symbol.name && symbol.scope.symbols.has(newName)) {
    return { ok: false, reason: `'${newName}' is already declared in the same scope; renaming '${symbol.name}' to it would make a duplicate` };
  }
  const edits = occurrencesOf(document, model, symbol).map((o) => ({ span: o.span, newText: newName }));
  const changed = newName === symbol.name ? undefined : bindingChange(document, model, edits, newName);
  if (changed) return { ok: false, reason: bindingChangeReason(`'${symbol.name}'`, newName, changed) };
  return { ok: true, edits };
}

function wordAt(text: string, offset: number): string | undefined {
  let start = offset;
  let end = offset;
  while (start > 0 && /[A-Za-z0-9_]/.test(text[start - 1])) start--;
  while (end < text.length && /[A-Za-z0-9_]/.test(text[end])) end++;
  return end > start ? text.slice(start, end) : undefined;
}
