// The gate destructive changes go through (docs/AGENT-ENDPOINT.md "Plans"): which nodes a change
// destroys and so needs the person's approved plan for (the core's impact analysis, from the
// change's effect on the tree), whether the plan the change names is this session's, approved,
// lists them all (by file and id: ids repeat across files) and still sees them as the person was
// shown them, and using the plan up once the change is applied. The mutation pipeline and review
// mode pass through it; the plan methods (methods/plans.ts) are how agents propose plans and the
// person decides them.
import { destructiveTargets, type TreeAfter, type TreeBefore } from '../../core/editing';
import type { WhetstoneDocument } from '../../core/syntax';
import { AgentError, ErrorCode } from '../errors';
import type { BoundPlanTarget, Plan, PlanTarget } from '../host';
import type { MethodContext } from '../method';
import { changedTargets } from './plan-binding';
import { planStoreOf } from './plan-store';

/** The buffer a change is for, as the change was computed on it. */
export interface ChangedBuffer {
  uri: string;
  document: WhetstoneDocument;
}

/** An approved plan held for one change: `applied` uses it up, `release` frees it (the change failed). */
export interface PlanUse {
  applied(): void;
  release(): void;
}

const NO_PLAN: PlanUse = { applied: () => undefined, release: () => undefined };

/**
 * The targets a plan must list for a change of the buffer `uri` to run ({op, nodeId, uri}): what it
 * destroys going from `before` to `after`, whatever mutations did it; empty when nothing is destructive.
 */
export function planTargets(uri: string, before: TreeBefore, after: TreeAfter, mutations: readonly unknown[]): BoundPlanTarget[] {
  return destructiveTargets(before, after, mutations).map(({ op, nodeId }) => ({ op, nodeId, uri }));
}

/**
 * The gate destructive changes go through. Returns when `planId` names an approved plan of this
 * session that lists every one of `targets` (same op, same nodeId, in the buffer the change is for:
 * `buffer.uri`) whose text is what it was when the plan was proposed, and holds that plan for this
 * change: `applied()` once the change is in the buffer uses it up (one approval allows one
 * change), `release()` after a failure leaves it approved. Otherwise throws -32040 Plan required (no planId; data says which targets to put in a
 * plan) or -32041 Plan not approved (unknown, pending, rejected, already consumed or in use, not
 * covering every target, or a target changed since). Nothing to gate (no targets) is not an error.
 */
export function takeApprovedPlan(context: MethodContext, planId: string | undefined, targets: readonly PlanTarget[], buffer: ChangedBuffer): PlanUse {
  checkApprovedPlan(context, planId, targets, buffer);
  // checkApprovedPlan returned: either nothing is gated, or planId names an approved plan.
  if (targets.length === 0 || planId === undefined) return NO_PLAN;
  return holdPlan(context, planId);
}

/**
 * The checks of takeApprovedPlan without holding the plan: a change sent for review must name an
 * approved plan now, and uses it only when the person accepts the change.
 */
export function checkApprovedPlan(context: MethodContext, planId: string | undefined, targets: readonly PlanTarget[], buffer: ChangedBuffer, options: { heldByCaller?: boolean } = {}): void {
  if (targets.length === 0) return;
  // The change's own buffer names the nodes: the same id in another file is another node.
  const wanted: BoundPlanTarget[] = targets.map((target) => ({ op: target.op, nodeId: target.nodeId, uri: buffer.uri }));
  if (planId === undefined) {
    throw new AgentError(ErrorCode.PlanRequired, `Plan required: ${describeTargets(wanted)} is destructive and runs only under a plan the person approved`, {
      targets: wanted,
      hint: 'Call proposePlan with these targets, wait for the planDecided notification with status "approved", then retry this call with its planId.',
    });
  }
  const store = planStoreOf(context.host);
  const plan = store.get(planId);
  if (plan?.sessionId !== context.session.id) {
    throw new AgentError(ErrorCode.PlanNotApproved, `Plan not approved: this session has no plan '${planId}'`, {
      planId,
      status: 'unknown',
      targets: wanted,
      hint: 'Propose a plan with proposePlan from this session and use the planId it returns.',
    });
  }
  if (plan.status !== 'approved') {
    throw new AgentError(ErrorCode.PlanNotApproved, `Plan not approved: plan '${planId}' is ${plan.status}`, {
      planId,
      status: plan.status,
      targets: wanted,
      hint: notApprovedHint(plan.status),
    });
  }
  const missing = wanted.filter((target) => !plan.targets.some((listed) => listed.op === target.op && listed.nodeId === target.nodeId && listed.uri === target.uri));
  if (missing.length > 0) {
    throw new AgentError(ErrorCode.PlanNotApproved, `Plan not approved: plan '${planId}' does not list ${describeTargets(missing)}`, {
      planId,
      status: plan.status,
      missingTargets: missing,
      hint: 'An approved plan allows only the targets it lists; propose a new plan that lists these.',
    });
  }
  if (options.heldByCaller !== true && store.isInUse(planId)) {
    throw new AgentError(ErrorCode.PlanNotApproved, `Plan not approved: plan '${planId}' is in use by another change being applied`, {
      planId,
      status: plan.status,
      targets: wanted,
      hint: 'Each approved plan allows one mutation; wait for the other change (if it fails the plan stays approved) or propose a new plan.',
    });
  }
  const changed = changedTargets(store.textsOf(planId), buffer.uri, buffer.document, wanted);
  if (changed.length > 0) {
    throw new AgentError(ErrorCode.PlanNotApproved, `Plan not approved: ${describeTargets(changed)} changed since plan '${planId}' was proposed; the approval was for the code as it was then`, {
      planId,
      status: plan.status,
      changedTargets: changed,
      hint: 'Someone changed these nodes after the person saw them: read them again (getNode) and propose a new plan, so the person decides on the code as it is now.',
    });
  }
}

/**
 * Holds an approved plan for a change of several files (applyBatch across files): each file's
 * targets are checked with checkApprovedPlan (heldByCaller) as it applies, and the plan is used up
 * once, when every file's change is in.
 */
export function holdPlan(context: MethodContext, planId: string): PlanUse {
  const store = planStoreOf(context.host);
  store.reserve(planId);
  let settled = false;
  return {
    applied() {
      if (!settled) store.markConsumed(planId);
      settled = true;
    },
    release() {
      if (!settled) store.release(planId);
      settled = true;
    },
  };
}

function notApprovedHint(status: Plan['status']): string {
  switch (status) {
    case 'pending':
      return 'The person has not decided yet; wait for the planDecided notification.';
    case 'rejected':
      return 'The person rejected this plan; propose a different one or leave these nodes alone.';
    default:
      return 'Each approved plan allows one mutation and this one has been used; propose a new plan.';
  }
}

function describeTargets(targets: readonly BoundPlanTarget[]): string {
  return targets.map((target) => `${target.op} ${target.nodeId} in ${target.uri}`).join(', ');
}
