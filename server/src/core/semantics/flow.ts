// Control flow facts for W_UNREACHABLE and W_MISSING_RETURN: whether a statement always leaves
// the block it is in (return, break, continue, throw; an if whose branches all leave; a try whose
// body and handler both leave; `while true` with no break of its own).
import type { Block, Expression, IfStatement, Statement } from '../ast/ast';

export function alwaysExits(statement: Statement): boolean {
  switch (statement.type) {
    case 'ReturnStatement':
    case 'BreakStatement':
    case 'ContinueStatement':
    case 'ThrowStatement':
      return true;
    case 'IfStatement':
      return ifAlwaysExits(statement);
    case 'TryStatement':
      // The handler runs only when the body throws, so the try leaves when both do.
      return blockAlwaysExits(statement.body) && blockAlwaysExits(statement.handler);
    case 'WhileStatement':
      return isLiteralTrue(statement.condition) && !breaksOut(statement.body);
    default:
      return false;
  }
}

export function blockAlwaysExits(block: Block | null | undefined): boolean {
  return block ? block.statements.some(alwaysExits) : false;
}

/** The index of the first statement that cannot run because an earlier one always exits, or -1. */
export function firstUnreachableIndex(statements: readonly Statement[]): number {
  for (let i = 0; i < statements.length - 1; i++) {
    if (alwaysExits(statements[i])) return i + 1;
  }
  return -1;
}

/** Whether the end of a function body can be reached, i.e. the function can finish without return. */
export function canCompleteNormally(body: Block | null | undefined): boolean {
  return !blockAlwaysExits(body);
}

function ifAlwaysExits(statement: IfStatement): boolean {
  if (!statement.alternate) return false;
  if (!blockAlwaysExits(statement.consequent)) return false;
  return statement.alternate.type === 'IfStatement' ? ifAlwaysExits(statement.alternate) : blockAlwaysExits(statement.alternate);
}

function isLiteralTrue(expression: Expression | null | undefined): boolean {
  return expression?.type === 'Literal' && expression.value === true;
}

/** Whether a `break` in this loop body leaves this loop (breaks of nested loops do not). */
function breaksOut(block: Block | null | undefined): boolean {
  if (!block) return false;
  for (const statement of block.statements) {
    if (statement.type === 'BreakStatement') return true;
    if (statement.type === 'IfStatement' && ifBreaksOut(statement)) return true;
    if (statement.type === 'TryStatement' && (breaksOut(statement.body) || breaksOut(statement.handler))) return true;
  }
  return false;
}

function ifBreaksOut(statement: IfStatement): boolean {
  if (breaksOut(statement.consequent)) return true;
  if (!statement.alternate) return false;
  return statement.alternate.type === 'IfStatement' ? ifBreaksOut(statement.alternate) : breaksOut(statement.alternate);
}
