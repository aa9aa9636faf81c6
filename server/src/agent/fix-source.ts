// A diagnostic's fix with its new node written as Whetstone text: the same mutation, which
// updateNode and insertNode take as `source`, in a fraction of the bytes of the node's AST JSON.
// A fix whose node cannot be printed is given as it is.
import type { Node } from '../core/ast';
import { printNode } from '../core/editing';

/** The fix mutation with `node` replaced by `source` (its canonical text); other mutations as they are. */
export function fixWithSource(fix: unknown): unknown {
  if (!isRecord(fix) || !isRecord(fix.node) || typeof fix.node.type !== 'string' || 'source' in fix) return fix;
  const { node, ...rest } = fix;
  try {
    return { ...rest, source: printNode(node as unknown as Node) };
  } catch {
    return fix;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
