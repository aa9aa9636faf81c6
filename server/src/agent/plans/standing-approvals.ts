// "Approve similar plans from this agent until it disconnects": a plan whose targets are all of one
// kind (the same operation on the same type of node, all inside the bodies of functions of one
// file) may be approved together with the later plans of that session whose targets are all of
// that kind. The kind names the file: node ids repeat across files, and an approval given while
// looking at one file says nothing about another. A step on a top-level item or on anything that
// is part of a declaration's signature is never such a kind: top-level items, functions, types,
// imports, annotations, parameters (of functions and lambdas, their defaults included), a type's
// fields, and a function's body as a whole; return and parameter types are properties of those,
// so they are covered too. Those plans always ask. The approvals live in the session's state, so
// they end when it disconnects; the person sees and revokes them in the Agents view. Bounded per
// session.
import type { Node } from '../../core/ast';
import { typeWords } from '../../core/queries';
import type { WhetstoneDocument } from '../../core/syntax';
import type { Workspace } from '../../workspace/workspace';
import type { PlanTarget } from '../host';
import { displayText, MAX_LABEL_CHARS, operationWords, shortPath } from './plan-display';
import { bufferOfTarget } from './plan-preview';
import type { Session } from '../session';

/** Kinds one session may have approved at once. */
export const MAX_STANDING_APPROVALS = 16;
const KEY = 'standingApprovals';

export interface PlanKind {
  /** What plans are compared by: "deleteNode local VariableDeclaration in file:///…/orders.wst". */
  kind: string;
  /** What the person reads, in the language's words: "delete variables inside functions of orders.wst". */
  label: string;
}

/** Nodes that are, or are part of, a declaration's signature (or a declaration's annotations). */
const SIGNATURE_TYPES = new Set(['Program', 'FunctionDeclaration', 'TypeDeclaration', 'ImportDeclaration', 'Parameter', 'Field', 'Annotation', 'Lambda']);

/**
 * The kind all of `targets` share, or undefined when they differ, one is not found, or one is a
 * top-level item or part of a signature (see above). Each target is looked up in its own buffer.
 */
export function similarKind(workspace: Workspace, targets: readonly PlanTarget[]): PlanKind | undefined {
  let shared: PlanKind | undefined;
  for (const target of targets) {
    const kind = kindOf(workspace, target);
    if (kind === undefined || (shared !== undefined && kind.kind !== shared.kind)) return undefined;
    shared = kind;
  }
  return shared;
}

function kindOf(workspace: Workspace, target: PlanTarget): PlanKind | undefined {
  const buffer = bufferOfTarget(workspace, target);
  const node = buffer?.document.nodeById(target.nodeId);
  if (!buffer || !node || !insideFunctionBody(buffer.document, node)) return undefined;
  const file = shortPath(buffer.uri, workspace);
  return {
    kind: `${target.op} local ${node.type} in ${buffer.uri}`,
    label: `${operationWords(target.op)} ${typeWords(node.type).replace(/^the /, '')}s inside functions of ${displayText(file, MAX_LABEL_CHARS)}`,
  };
}

/**
 * Whether `node` lies strictly inside the body of a function (top-level or not), reached from it
 * without passing through any part of a signature: a statement of the body, or within one.
 */
function insideFunctionBody(document: WhetstoneDocument, node: Node): boolean {
  if (SIGNATURE_TYPES.has(node.type)) return false;
  for (let child = node, parent = document.parentOf(node.id); parent; child = parent, parent = document.parentOf(parent.id)) {
    if (parent.type === 'FunctionDeclaration') return parent.body.id === child.id && child.id !== node.id;
    if (SIGNATURE_TYPES.has(parent.type)) return false;
  }
  return false;
}

function approvals(session: Session): Map<string, PlanKind> {
  let map = session.state.get(KEY) as Map<string, PlanKind> | undefined;
  if (!map) {
    map = new Map();
    session.state.set(KEY, map);
  }
  return map;
}

/** The person approved plans of this kind from this session; false when the session has too many. */
export function approveSimilar(session: Session, kind: PlanKind): boolean {
  const map = approvals(session);
  if (!map.has(kind.kind) && map.size >= MAX_STANDING_APPROVALS) return false;
  map.set(kind.kind, { ...kind });
  return true;
}

export function revokeSimilar(session: Session, kind: string): boolean {
  return approvals(session).delete(kind);
}

export function isApprovedSimilar(session: Session, kind: string): boolean {
  return approvals(session).has(kind);
}

export function standingApprovals(session: Session): PlanKind[] {
  return [...approvals(session).values()].map((kind) => ({ ...kind }));
}
