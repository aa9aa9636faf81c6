// Which mutations of a batch destroy code a person wrote (docs/AGENT-ENDPOINT.md "Plans"): deleting
// a declaration or a statement, replacing a node that holds a declaration, dropping imported names.
// Those need a person's approval; renames, inserts and edits of expressions do not. Each kind says
// what it removes (MUTATION_KINDS, ast/mutation.ts). Decided on the buffer as it is before the
// batch: a node the batch itself inserted is the agent's own work.
import type { Node } from '../ast/ast';
import { isMutationType, MUTATION_KINDS, type MutationType } from '../ast/mutation';

export interface DestructiveTarget {
  op: MutationType;
  nodeId: string;
  /** What would be lost, for messages: "FunctionDeclaration calculateTotal". */
  what: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The destructive mutations among `mutations`, judged against the nodes `nodeById` knows (the buffer before the batch). */
export function destructiveTargets(nodeById: (id: string) => Node | undefined, mutations: readonly unknown[]): DestructiveTarget[] {
  const targets: DestructiveTarget[] = [];
  for (const mutation of mutations) {
    if (!isRecord(mutation) || !isMutationType(mutation.type) || typeof mutation.nodeId !== 'string') continue;
    const node = nodeById(mutation.nodeId);
    const what = node ? MUTATION_KINDS[mutation.type].removes?.(node, mutation) : undefined;
    if (node && what !== undefined) targets.push({ op: mutation.type, nodeId: node.id, what });
  }
  return targets;
}
