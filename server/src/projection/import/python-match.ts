// `match v:` whose cases are literals (numbers, texts, True, False, None), alternatives of them
// (`case 1 | 2:`) and the wildcard `case _:`, each with an optional guard: an if / else if chain
// (python.ts builds it). Python compares a number or text pattern with ==, and True, False and None
// with `is`, which Whetstone's == answers alike for them. Capture, class, sequence, mapping and
// value (`Color.RED`) patterns bind names or look inside values, and have no such form.
import type { Node as SyntaxNode } from 'web-tree-sitter';
import { field, namedChildren } from './ast-builder';

export type MatchLiteral = { kind: 'number'; value: number; at: SyntaxNode } | { kind: 'string'; node: SyntaxNode } | { kind: 'constant'; value: boolean | null; at: SyntaxNode };

export interface MatchCase {
  /** The literals that select it; none for the wildcard. */
  literals: MatchLiteral[];
  guard: SyntaxNode | undefined;
  body: SyntaxNode | undefined;
  at: SyntaxNode;
}

/** The cases of a match statement, or why it has no if / else if form. */
export function matchCases(node: SyntaxNode): { cases: MatchCase[] } | { problem: string } {
  const clauses = namedChildren(field(node, 'body') ?? node).filter((child) => child.type === 'case_clause');
  const cases: MatchCase[] = [];
  for (const [index, clause] of clauses.entries()) {
    const patterns = namedChildren(clause).filter((child) => child.type === 'case_pattern');
    if (patterns.length !== 1) return { problem: `the case ${clause.text.split('\n')[0]} matches a sequence` };
    const [pattern] = patterns;
    const inner = namedChildren(pattern);
    const alternatives = inner.length === 1 && inner[0].type === 'union_pattern' ? inner[0] : pattern;
    const literals: MatchLiteral[] = [];
    const parts = alternatives.children.filter((child): child is SyntaxNode => child !== null && child.type !== '|' && child.type !== 'comment');
    const wildcard = parts.length === 1 && parts[0].type === '_';
    for (let i = 0; i < parts.length && !wildcard; i++) {
      const part = parts[i];
      const negative = part.type === '-';
      const literal = negative ? parts[++i] : part;
      if ((literal?.type === 'integer' || literal?.type === 'float') && /^[\d.eE+-]+$/.test(literal.text.replace(/_/g, ''))) {
        literals.push({ kind: 'number', value: (negative ? -1 : 1) * Number(literal.text.replace(/_/g, '')), at: literal });
      } else if (!negative && literal?.type === 'string' && /^["']/.test(literal.text) && !namedChildren(literal).some((child) => child.type === 'interpolation')) {
        literals.push({ kind: 'string', node: literal });
      } else if (!negative && (literal?.type === 'true' || literal?.type === 'false' || literal?.type === 'none')) {
        literals.push({ kind: 'constant', value: literal.type === 'none' ? null : literal.type === 'true', at: literal });
      } else {
        return { problem: `the pattern ${pattern.text} binds a name or looks inside the value (only literals, their alternatives and _ have a form)` };
      }
    }
    if (wildcard && index !== clauses.length - 1) return { problem: 'a case after case _ never runs' };
    const guard = field(clause, 'guard');
    cases.push({ literals, guard: guard ? namedChildren(guard)[0] : undefined, body: field(clause, 'consequence'), at: clause });
  }
  return { cases };
}
