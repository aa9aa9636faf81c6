// A JavaScript switch whose cases do not fall through into one another is an if / else if chain
// (javascript.ts builds it): `case a: case b: body; break;` → `if v == a || v == b { body }`, the
// default its else. Each clause must end by leaving (break, return, throw, continue); the break
// that ends it is left out, and a break elsewhere in it (which would leave the switch, where in
// the chain it would leave the loop around it) is an error, as is falling into the next clause.
// JavaScript evaluates the case values in their order until one matches, and takes the default
// when none does, wherever it stands: the chain evaluates the same ones.
import type { Node as SyntaxNode } from 'web-tree-sitter';
import { field, namedChildren } from './ast-builder';

export interface SwitchBranch {
  /** The case values that select it (none for the default's branch). */
  values: SyntaxNode[];
  /** The statements it runs, without the break that ends it. */
  body: SyntaxNode[];
  isDefault: boolean;
}

/** The branches of a switch's clauses, or why it cannot be an if / else if chain. */
export function switchBranches(node: SyntaxNode): { branches: SwitchBranch[] } | { problem: string } {
  const clauses = namedChildren(field(node, 'body') ?? node).filter((clause) => clause.type === 'switch_case' || clause.type === 'switch_default');
  const branches: SwitchBranch[] = [];
  let pending: SyntaxNode[] = [];
  let pendingDefault = false;
  for (const [index, clause] of clauses.entries()) {
    const value = clause.type === 'switch_case' ? field(clause, 'value') : undefined;
    if (value) pending.push(value);
    else pendingDefault = true;
    let body = namedChildren(clause).filter((child) => !value || !child.equals(value));
    // `case a: { …; break; }`: the block is the clause's body.
    if (body.length === 1 && body[0].type === 'statement_block') body = namedChildren(body[0]);
    if (body.length === 0) {
      if (index === clauses.length - 1) branches.push({ values: pending, body: [], isDefault: pendingDefault });
      continue;
    }
    const last = body[body.length - 1];
    const isLast = index === clauses.length - 1;
    if (last.type === 'break_statement' && !field(last, 'label')) body = body.slice(0, -1);
    else if (!['return_statement', 'throw_statement', 'continue_statement'].includes(last.type) && !isLast) {
      return { problem: `the clause ${clause.text.split('\n')[0].trim()} falls through into the next one` };
    }
    if (body.some((statement) => hasOwnBreak(statement))) return { problem: 'a clause has a break before its end, which leaves the switch' };
    branches.push({ values: pending, body, isDefault: pendingDefault });
    pending = [];
    pendingDefault = false;
  }
  return { branches };
}

/** Whether `node` is or holds a break that leaves the switch it is in (not a loop or switch nested in it). */
function hasOwnBreak(node: SyntaxNode): boolean {
  return [node, ...node.descendantsOfType('break_statement')].some((found) => {
    if (found?.type !== 'break_statement' || field(found, 'label')) return false;
    for (let current = found.parent; current && !current.equals(node.parent ?? node); current = current.parent) {
      if (/^(for|for_in|while|do|switch)_statement$/.test(current.type) || current.type.includes('function')) return false;
    }
    return true;
  });
}
