// "Approve similar plans from this agent until it disconnects": a plan whose targets are all of one
// kind (the same operation on the same type of node, all inside functions) may be approved together
// with the later plans of that session whose targets are all of that kind. Destructive steps on a
// declaration (anything at the top level, a function, a type, an import) are never such a kind:
// those plans always ask. The approvals live in the session's state, so they end when it
// disconnects; the person sees and revokes them in the Agents view. Bounded per session.
import type { Workspace } from '../workspace/workspace';
import type { PlanTarget } from './host';
import { planPreview } from './plan-preview';
import type { Session } from './session';

/** Kinds one session may have approved at once. */
export const MAX_STANDING_APPROVALS = 16;
const KEY = 'standingApprovals';

export interface PlanKind {
  /** What plans are compared by: "deleteNode local VariableDeclaration". */
  kind: string;
  /** What the person reads: "deleteNode of local VariableDeclaration nodes". */
  label: string;
}

/** The kind all of `targets` share, or undefined when they differ, one is not found, or one is a declaration. */
export function similarKind(workspace: Workspace, targets: readonly PlanTarget[]): PlanKind | undefined {
  let shared: string | undefined;
  for (const target of targets) {
    const kind = kindOf(workspace, target);
    if (kind === undefined || (shared !== undefined && kind !== shared)) return undefined;
    shared = kind;
  }
  if (shared === undefined) return undefined;
  const [op, , type] = shared.split(' ');
  return { kind: shared, label: `${op} of local ${type} nodes` };
}

function kindOf(workspace: Workspace, target: PlanTarget): string | undefined {
  // Found as the review finds it (the active buffer first): ids are unique within a buffer only.
  const [found] = planPreview(workspace, [target]).targets;
  const buffer = found.uri === undefined ? undefined : workspace.get(found.uri);
  const node = buffer?.document.nodeById(target.nodeId);
  if (!buffer || !node) return undefined;
  const parent = buffer.document.parentOf(node.id);
  const declaration = node.type === 'FunctionDeclaration' || node.type === 'TypeDeclaration' || node.type === 'ImportDeclaration';
  if (!parent || parent.type === 'Program' || declaration) return undefined;
  return `${target.op} local ${node.type}`;
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
