// The plans of one host: proposed by agent sessions, decided by the person, consumed by the
// destructive change they allow once it is applied. Each keeps its targets' texts as they were
// when it was proposed (plan-binding.ts): the approval holds for those. Kept per host (not per
// session) so a decision that arrives after its session disconnected still lands, and so the
// person's UI can list them all.
import { randomBytes } from 'node:crypto';
import type { BoundPlanTarget, Plan } from '../host';
import type { TargetTexts } from './plan-binding';
import type { Session } from '../session';
import { perHost } from '../per-host';

export interface PlanDecision {
  approved: boolean;
  reason?: string;
  decidedBy: string;
}

/** Plans one session may have waiting for the person at once: each one is a question to a person. */
export const MAX_PENDING_PLANS_PER_SESSION = 16;
/** Decided plans kept per session (the oldest are forgotten first); all go when the session leaves. */
export const MAX_KEPT_PLANS_PER_SESSION = 50;

export class PlanStore {
  private readonly plans = new Map<string, Plan>();
  /** The proposing sessions, by plan id: who gets `planDecided`. */
  private readonly proposers = new Map<string, Session>();
  /** The targets' texts when each plan was proposed, by plan id. */
  private readonly texts = new Map<string, TargetTexts>();
  /** Approved plans whose change is being applied right now: nothing else may use them meanwhile. */
  private readonly inUse = new Set<string>();

  /**
   * Adds a pending plan; `planId` may be chosen by the agent, or is generated. Its targets are
   * bound to their buffers already (methods/plans.ts); `texts` are their texts now: what an
   * approval of it allows to be destroyed.
   */
  propose(session: Session, proposal: { planId?: string; steps: string[]; reason: string; targets: readonly BoundPlanTarget[] }, texts: TargetTexts): Plan {
    const planId = proposal.planId ?? `plan_${randomBytes(6).toString('hex')}`;
    const plan: Plan = {
      planId,
      sessionId: session.id,
      status: 'pending',
      steps: [...proposal.steps],
      reason: proposal.reason,
      targets: proposal.targets.map((target) => ({ op: target.op, nodeId: target.nodeId, uri: target.uri })),
    };
    this.plans.set(planId, plan);
    this.proposers.set(planId, session);
    this.texts.set(planId, texts);
    this.forgetOldPlansOf(session.id);
    return plan;
  }

  pendingCount(sessionId: string): number {
    return this.ofSession(sessionId).filter((plan) => plan.status === 'pending').length;
  }

  private forgetOldPlansOf(sessionId: string): void {
    const plans = this.ofSession(sessionId);
    let excess = plans.length - MAX_KEPT_PLANS_PER_SESSION;
    for (const plan of plans) {
      if (excess <= 0) break;
      if (plan.status === 'pending') continue;
      this.plans.delete(plan.planId);
      this.proposers.delete(plan.planId);
      this.texts.delete(plan.planId);
      excess--;
    }
  }

  has(planId: string): boolean {
    return this.plans.has(planId);
  }

  get(planId: string): Plan | undefined {
    return this.plans.get(planId);
  }

  ofSession(sessionId: string): Plan[] {
    return [...this.plans.values()].filter((plan) => plan.sessionId === sessionId);
  }

  all(): Plan[] {
    return [...this.plans.values()];
  }

  /**
   * Records the person's decision on a pending plan and tells the proposing session. A plan that
   * is no longer pending keeps its first decision (a late answer from a second prompt is ignored);
   * returns whether this call decided it.
   */
  decide(planId: string, decision: PlanDecision): boolean {
    const plan = this.plans.get(planId);
    if (plan?.status !== 'pending') return false;
    plan.status = decision.approved ? 'approved' : 'rejected';
    plan.decidedBy = decision.decidedBy;
    if (decision.reason !== undefined) plan.decisionReason = decision.reason;
    const proposer = this.proposers.get(planId);
    if (proposer?.connected) {
      proposer.notify('planDecided', { planId, status: plan.status, reason: plan.decisionReason ?? null });
    }
    return true;
  }

  /** Drops every plan of a session that left: a plan can only be used by the session that proposed it. */
  forgetSession(sessionId: string): void {
    for (const plan of this.ofSession(sessionId)) {
      this.plans.delete(plan.planId);
      this.proposers.delete(plan.planId);
      this.texts.delete(plan.planId);
      this.inUse.delete(plan.planId);
    }
  }

  /** The targets' texts when the plan was proposed (empty for an unknown plan). */
  textsOf(planId: string): TargetTexts {
    return this.texts.get(planId) ?? new Map();
  }

  /** Whether a change under this plan is being applied right now. */
  isInUse(planId: string): boolean {
    return this.inUse.has(planId);
  }

  /** Holds an approved plan for a change on its way to the buffer (see isInUse). */
  reserve(planId: string): void {
    this.inUse.add(planId);
  }

  /** The change did not apply: the plan is free again, still approved. */
  release(planId: string): void {
    this.inUse.delete(planId);
  }

  /** The change it allowed was applied: the plan is used up. */
  markConsumed(planId: string): void {
    this.inUse.delete(planId);
    const plan = this.plans.get(planId);
    if (plan) plan.status = 'consumed';
  }
}

/** The plan store of a host, created on first use (hosts need not know about plans). */
export const planStoreOf = perHost((_host) => new PlanStore());
