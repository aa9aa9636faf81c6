// The break and continue statements that leave one loop, found in its Whetstone body: a loop the
// importers lower (a JavaScript for or do … while as a while, a Python loop with an else) runs
// statements of its own before each of them.
import type * as A from '../../core/ast';

type Exit = A.BreakStatement | A.ContinueStatement;

/**
 * Puts `before()` in front of every `kind` statement of `body` that leaves this loop (not one of
 * a loop nested in it; a lambda's body is an expression, never walked). Each place gets fresh
 * nodes, so every node keeps an id of its own.
 */
export function runBeforeExits(body: A.Block, kind: Exit['type'], before: (exit: Exit) => A.Statement[]): void {
  const pending: A.Block[] = [body];
  while (pending.length > 0) {
    const block = pending.pop()!;
    block.statements = block.statements.flatMap((statement) => (statement.type === kind ? [...before(statement), statement] : [statement]));
    for (const statement of block.statements) pending.push(...innerBlocks(statement));
  }
}

/** Whether `body` has a `kind` statement that leaves this loop (and passes `which`). */
export function hasExit(body: A.Block, kind: Exit['type'], which: (exit: Exit) => boolean = () => true): boolean {
  const pending: A.Block[] = [body];
  while (pending.length > 0) {
    const block = pending.pop()!;
    for (const statement of block.statements) {
      if (statement.type === kind && which(statement)) return true;
      pending.push(...innerBlocks(statement));
    }
  }
  return false;
}

/** The blocks of a statement that belong to the same loop as the statement itself. */
function innerBlocks(statement: A.Statement): A.Block[] {
  switch (statement.type) {
    case 'IfStatement': {
      const blocks = [statement.consequent];
      let alternate = statement.alternate;
      while (alternate?.type === 'IfStatement') {
        blocks.push(alternate.consequent);
        alternate = alternate.alternate;
      }
      if (alternate) blocks.push(alternate);
      return blocks;
    }
    case 'TryStatement':
      return [statement.body, statement.handler];
    default:
      return [];
  }
}
