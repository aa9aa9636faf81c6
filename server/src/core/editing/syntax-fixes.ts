// Quick fixes for syntax errors where the fix is known: a statement that is whole but for its
// `;` gets the `;`. The fix rewrites the statement as the printer writes it, and is offered only
// when that comes to inserting the one `;` where it is missing (anything more would rewrite what
// the person wrote).
import type { Node } from '../ast/ast';
import type { Diagnostic } from '../ast/diagnostics';
import type { Mutation } from '../ast/mutation';
import { toSpec } from '../semantics/fixes';
import type { WhetstoneDocument } from '../syntax/document';
import { applyMutations } from './mutate';

/** `diagnostics` with a fix on each missing `;` the printer can put back alone. */
export function withSyntaxFixes(document: WhetstoneDocument, diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return diagnostics.map((diagnostic) => {
    if (diagnostic.code !== 'E_SYNTAX' || diagnostic.message !== "Missing ';'" || diagnostic.fix) return diagnostic;
    const fix = semicolonFix(document, diagnostic);
    return fix ? { ...diagnostic, fix } : diagnostic;
  });
}

function semicolonFix(document: WhetstoneDocument, diagnostic: Diagnostic): Mutation[] | undefined {
  let statement: Node | undefined = document.nodeById(diagnostic.nodeId);
  while (statement && !/Statement$|^VariableDeclaration$/.test(statement.type)) statement = document.parentOf(statement.id);
  if (!statement) return undefined;
  const fix: Mutation[] = [{ type: 'updateNode', nodeId: statement.id, node: toSpec(statement) }];
  try {
    let next = 0;
    const { edits } = applyMutations(document, fix, () => `node_semicolon_${++next}`);
    const [edit] = edits;
    const onlyTheSemicolon = edits.length === 1 && edit.newText === ';' && edit.startOffset === edit.endOffset && edit.startOffset === diagnostic.span.startOffset;
    return onlyTheSemicolon ? fix : undefined;
  } catch {
    return undefined;
  }
}
