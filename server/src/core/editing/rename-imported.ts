// Renaming a top-level name in a file that imports it from the module declaring it: the imported
// name (`use m.{x}`), its uses, the type annotations naming it, and the members `m.x` after
// `use m;` (module-references.ts finds them by the scope rules). Refused when the new name is
// taken at this file's top level or would change what some name here means (rename-bindings.ts).
// The editor's rename across the workspace asks this for every importing file that needs a full
// analysis; the declaring file itself is planned by rename.ts.
import type { Span } from '../ast/ast';
import { KEYWORDS, isIdentifier } from '../ast/lexical';
import { moduleNameReferences } from '../queries/module-references';
import type { SemanticModel } from '../semantics/model';
import type { WhetstoneDocument } from '../syntax/document';
import { bindingChange, bindingChangeReason } from './rename-bindings';

export type ImportedNameRename = { ok: true; edits: { span: Span; newText: string }[] } | { ok: false; reason: string };

/**
 * In a document that imports `oldName` from a module `importsFrom` accepts, the edits renaming it
 * to `newName`; none when it imports no such name.
 */
export function planImportedNameRename(
  document: WhetstoneDocument,
  model: SemanticModel,
  importsFrom: (module: string) => boolean,
  oldName: string,
  newName: string,
): ImportedNameRename {
  if (KEYWORDS.has(newName)) return { ok: false, reason: `'${newName}' is a keyword and cannot be a name` };
  if (!isIdentifier(newName)) return { ok: false, reason: `'${newName}' is not a valid identifier: use letters, digits and _, not starting with a digit` };
  if (newName === oldName) return { ok: true, edits: [] };
  const spans: Span[] = [];
  let bound = false;
  for (const group of moduleNameReferences(document, model)) {
    if (group.module === '' || group.name !== oldName || !importsFrom(group.module)) continue;
    for (const token of group.tokens) spans.push(token.span);
    bound ||= model.programScope.symbols.get(oldName)?.kind === 'import';
  }
  if (spans.length === 0) return { ok: true, edits: [] };
  if (bound && model.programScope.symbols.has(newName)) {
    return { ok: false, reason: `'${newName}' is already declared or imported at the top level of this file, which imports '${oldName}'` };
  }
  const edits = spans.sort((a, b) => a.startOffset - b.startOffset).map((span) => ({ span, newText: newName }));
  const changed = bindingChange(document, model, edits, newName);
  if (changed) return { ok: false, reason: bindingChangeReason(`the imported '${oldName}'`, newName, changed) };
  return { ok: true, edits };
}
