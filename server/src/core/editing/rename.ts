// The rename refactoring: which name at an offset can be renamed, to what, and the name tokens
// that change (for a field also the keys, members and string indexes its type reaches:
// rename-fields.ts). What a name denotes comes from the semantic model, so renaming a parameter changes
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
import { fieldTokens, fieldTokenText, importedFieldTokens, type FieldToken } from './rename-fields';

export type RenameTarget = { ok: true; occurrence: NameOccurrence } | { ok: false; reason: string };
export type RenamePlan =
  | {
      ok: true;
      edits: { span: Span; newText: string }[];
      /** For a field: the tokens renamed beyond its resolved references. */
      fieldTokens: FieldToken[];
      /** What the rename left alone, where and why (a field read from a value of unknown type). */
      notes: string[];
    }
  | { ok: false; reason: string };

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
  const fields = symbol.kind === 'field' && newName !== symbol.name ? fieldTokens(document, model, symbol) : { ok: true as const, tokens: [], leftAlone: [] };
  if (!fields.ok) return { ok: false, reason: fieldRefusal(symbol.name, symbol.ownerType, newName, fields.reason) };
  edits.push(...fields.tokens.map((token) => ({ span: token.span, newText: fieldTokenText(token, newName) })));
  edits.sort((a, b) => a.span.startOffset - b.span.startOffset);
  const changed = newName === symbol.name ? undefined : bindingChange(document, model, edits, newName);
  if (changed) return { ok: false, reason: bindingChangeReason(`'${symbol.name}'`, newName, changed) };
  return { ok: true, edits, fieldTokens: fields.tokens, notes: leftAloneNotes(fields.leftAlone) };
}

/**
 * For a field rename planned in the buffer declaring its type (`declaring`), the edits in a buffer
 * that imports from it (`importsFrom` accepts the declaring buffer's module path), or why not.
 */
export function planImportedFieldRename(
  declaring: { document: WhetstoneDocument; model: SemanticModel },
  importer: { document: WhetstoneDocument; model: SemanticModel },
  importsFrom: (module: string) => boolean,
  field: { name: string; ownerType: string },
  newName: string,
): { ok: true; edits: { span: Span; newText: string }[]; notes: string[] } | { ok: false; reason: string } {
  if (newName === field.name) return { ok: true, edits: [], notes: [] };
  const found = importedFieldTokens(declaring, importer, importsFrom, field.ownerType, field.name);
  if (!found.ok) return { ok: false, reason: fieldRefusal(field.name, field.ownerType, newName, found.reason) };
  return { ok: true, edits: found.tokens.map((token) => ({ span: token.span, newText: fieldTokenText(token, newName) })), notes: leftAloneNotes(found.leftAlone) };
}

/** One note per use of a field's name the rename left alone. */
export function leftAloneNotes(leftAlone: readonly string[]): string[] {
  return leftAlone.map((place) => `left ${place} as it is (read from a value whose type is not known there)`);
}

/** The refusal of a field rename whose references cannot all be told apart. */
export function fieldRefusal(name: string, owner: string | undefined, newName: string, reason: string): string {
  return `Renaming the field '${name}' of ${owner ?? '?'} to '${newName}' could leave values of ${owner ?? '?'} without it: ${reason}`;
}

function wordAt(text: string, offset: number): string | undefined {
  let start = offset;
  let end = offset;
  while (start > 0 && /[A-Za-z0-9_]/.test(text[start - 1])) start--;
  while (end < text.length && /[A-Za-z0-9_]/.test(text[end])) end++;
  return end > start ? text.slice(start, end) : undefined;
}
