// What the index keeps of a file not open for references, rename and the call hierarchy across
// files: for each of its own top-level names and each name it imports (`use m.{x}`, or `m.x` after
// `use m;`), the tokens that denote it, resolved by the core's scope rules (module-references.ts),
// as plain numbers; and every name written in the file, so a rename can tell which files could
// clash with the new name (those are analysed in full) without reading the others.
import { moduleNameReferences } from '../core/queries';
import type { SemanticModel } from '../core/semantics';
import type { WhetstoneDocument } from '../core/syntax';

/** Numbers per token in `NameReferenceSummary.tokens`. */
export const TOKEN_STRIDE = 4;

export interface NameReferenceSummary {
  /** '' for the file's own top-level declaration of `name`; otherwise the module it is imported from. */
  module: string;
  name: string;
  /**
   * Per token, TOKEN_STRIDE numbers: its line (1-based), its column (UTF-16), the index in the
   * summary's declarations of the top-level function it is written in (-1: none), and 1 when it
   * is called there (else 0). A token is the name as written, so its length is the name's. The
   * declaration itself is not listed (the declarations give its place).
   */
  tokens: number[];
}

export interface ReferenceSummary {
  references: NameReferenceSummary[];
  /** Every distinct name written in the file, each between spaces (` a b `). */
  names: string;
}

/** A reference summary of a document and its semantic model (an open buffer's, or one just parsed). */
/** What is read of the file's top-level declarations: which are functions, and where each starts (a reference's enclosing function is named by its index). */
interface DeclarationStart {
  kind: string;
  span: { startLine: number; startColumn: number };
}

export function summarizeReferences(document: WhetstoneDocument, model: SemanticModel, declarations: readonly DeclarationStart[]): ReferenceSummary {
  const functionIndex = new Map<string, number>();
  declarations.forEach((declaration, index) => {
    if (declaration.kind === 'function') functionIndex.set(`${declaration.span.startLine}:${declaration.span.startColumn}`, index);
  });
  const references: NameReferenceSummary[] = [];
  const names = new Set<string>();
  for (const group of moduleNameReferences(document, model, { names })) {
    const tokens: number[] = [];
    for (const token of group.tokens) {
      if (token.declaration) continue;
      const enclosing = token.enclosing ? (functionIndex.get(`${token.enclosing.span.start.line}:${token.enclosing.span.start.column}`) ?? -1) : -1;
      tokens.push(token.span.start.line, token.span.start.column, enclosing, token.call ? 1 : 0);
    }
    if (tokens.length > 0 || group.module !== '') references.push({ module: copied(group.module), name: copied(group.name), tokens });
  }
  return { references, names: copied(` ${[...names].join(' ')} `) };
}

/** Whether the file writes `name` anywhere (as a name: declared, used, imported, a member or a key). */
export function writesName(summary: ReferenceSummary, name: string): boolean {
  return summary.names.includes(` ${name} `);
}

/** A copy sharing no memory with the text it was read from (file-summary.ts says why). */
function copied(text: string): string {
  return text.length < 13 ? text : (JSON.parse(JSON.stringify(text)) as string);
}
