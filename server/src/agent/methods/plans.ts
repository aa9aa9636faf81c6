// Plans: an agent proposes the destructive changes it wants to make, the person decides, and the
// mutation that does them names the approved plan (Kiln's model, docs/AGENT-ENDPOINT.md "Plans";
// the gate that mutation passes is plan-gate.ts). The agent never decides: approvePlan/rejectPlan
// require the person, whom the host asks (the review UI in VS Code, the terminal or a fixed answer
// headless).
import { AgentError, ErrorCode } from '../errors';
import type { BoundPlanTarget, Plan, PlanTarget } from '../host';
import { defineMethod, type MethodContext, type MethodDefinition } from '../method';
import { targetTexts } from '../plans/plan-binding';
import { MAX_PENDING_PLANS_PER_SESSION, planStoreOf, type PlanStore } from '../plans/plan-store';
import { ID, MAX_LISTED_IDS, MAX_PLAN_STEPS, NAME, REASON, URI } from '../param-bounds';
import { bufferOfTarget } from '../plans/plan-preview';

/** What getPlan, listPlans, approvePlan and rejectPlan return for a plan. */
export interface PlanView {
  planId: string;
  status: Plan['status'];
  steps: string[];
  /** Each bound to its buffer: `uri` is there whether or not the agent gave it. */
  targets: BoundPlanTarget[];
  /** The reason the agent gave when proposing. */
  reason: string;
  sessionId: string;
  decidedBy?: string;
  /** The reason the person gave with the decision, if any. */
  decisionReason?: string;
}

/** What planView answers. */
const PLAN_VIEW = { planId: 'string', status: 'string', steps: 'array', targets: 'array', reason: 'string', sessionId: 'string', decidedBy: 'string', decisionReason: 'string' } as const;

export function planView(plan: Plan): PlanView {
  const view: PlanView = {
    planId: plan.planId,
    status: plan.status,
    steps: [...plan.steps],
    targets: plan.targets.map((target) => ({ ...target })),
    reason: plan.reason,
    sessionId: plan.sessionId,
  };
  if (plan.decidedBy !== undefined) view.decidedBy = plan.decidedBy;
  if (plan.decisionReason !== undefined) view.decisionReason = plan.decisionReason;
  return view;
}

/**
 * Asks the host's person about a new plan. Deferred to the next turn of the event loop so the
 * proposePlan response goes out before a decision that comes at once (`--approve auto`); a host
 * that fails to ask counts as a rejection, never as an approval.
 */
function askThePerson(context: MethodContext, store: PlanStore, plan: Plan): void {
  setImmediate(() => {
    let decision: ReturnType<typeof context.host.decidePlan>;
    try {
      decision = context.host.decidePlan(planView(plan));
    } catch (error) {
      decision = Promise.reject(error);
    }
    decision.then(
      (answer) => store.decide(plan.planId, { approved: answer.approved === true, reason: answer.reason, decidedBy: answer.decidedBy }),
      (error: unknown) =>
        store.decide(plan.planId, {
          approved: false,
          reason: `The person could not be asked (${error instanceof Error ? error.message : 'unknown failure'})`,
          decidedBy: 'host',
        }),
    );
  });
}

const TARGET_SCHEMA = {
  type: 'object',
  properties: { op: NAME, nodeId: ID, uri: URI },
  required: ['op', 'nodeId'],
  additionalProperties: false,
} as const;

const PLAN_ID_SCHEMA = ID;

/**
 * Binds each target to one buffer: the one its `uri` names, or without one the buffer the person
 * is shown it in (the active buffer first). Node ids repeat across files, so the plan, its display,
 * its binding and the gate all go by this buffer; a target that names no node there is refused.
 */
function bindTargets(context: MethodContext, targets: readonly PlanTarget[]): BoundPlanTarget[] {
  const { workspace } = context.host;
  return targets.map((target, index) => {
    const field = `params.targets[${index}]`;
    if (target.uri !== undefined && !workspace.get(target.uri)) {
      throw new AgentError(ErrorCode.InvalidParams, `Invalid params: ${field}.uri is not an open buffer`, {
        field: `${field}.uri`,
        hint: 'listBuffers shows the open buffers; use the uri a result or -32040 gave.',
      });
    }
    const buffer = bufferOfTarget(workspace, target);
    if (!buffer) {
      const where = target.uri === undefined ? 'any open buffer' : 'that buffer';
      throw new AgentError(ErrorCode.InvalidParams, `Invalid params: ${field}.nodeId '${target.nodeId}' is not a node of ${where}`, {
        field: `${field}.nodeId`,
        hint: 'A plan targets nodes that exist now: read the buffer again (getAST) and give each target the uri of its file.',
      });
    }
    return { op: target.op, nodeId: target.nodeId, uri: buffer.uri };
  });
}

const proposePlan = defineMethod({
  name: 'proposePlan',
  role: 'refactor',
  description: 'Propose destructive changes (steps, reason, targets {op, nodeId, uri?}); the person decides; you get planDecided.',
  params: {
    type: 'object',
    properties: {
      planId: PLAN_ID_SCHEMA,
      steps: { type: 'array', items: REASON, minItems: 1, maxItems: MAX_PLAN_STEPS },
      reason: { ...REASON, minLength: 1 },
      targets: { type: 'array', items: TARGET_SCHEMA, maxItems: MAX_LISTED_IDS },
    },
    required: ['steps', 'reason', 'targets'],
    additionalProperties: false,
  },
  recorded: false,
  whenToUse: 'After -32040: its data.targets.',
  returns: { planId: 'string', status: 'string' },
  handler(params, context) {
    const store = planStoreOf(context.host);
    if (params.planId !== undefined && store.has(params.planId)) {
      throw new AgentError(ErrorCode.InvalidParams, `Invalid params: params.planId '${params.planId}' is already used`, {
        hint: 'Choose another planId, or omit it and use the one the result gives.',
      });
    }
    if (store.pendingCount(context.session.id) >= MAX_PENDING_PLANS_PER_SESSION) {
      throw new AgentError(ErrorCode.InvalidRequest, `Invalid Request: this session already has ${MAX_PENDING_PLANS_PER_SESSION} plans waiting for the person`, {
        hint: 'Wait for planDecided on the plans you proposed before proposing more (listPlans shows them).',
      });
    }
    const targets = bindTargets(context, params.targets);
    const plan = store.propose(context.session, { ...params, targets }, targetTexts(context.host.workspace, targets));
    askThePerson(context, store, plan);
    return { planId: plan.planId, status: plan.status };
  },
});

const getPlan = defineMethod({
  name: 'getPlan',
  role: 'any',
  description: 'One plan of this session; status: pending, approved, rejected or consumed.',
  params: { type: 'object', properties: { planId: PLAN_ID_SCHEMA }, required: ['planId'], additionalProperties: false },
  recorded: false,
  whenToUse: 'Poll until approved or rejected.',
  notTool: 'listPlans gives the same view of each plan: one tool less in every agent\'s context',
  readOnly: true,
  returns: PLAN_VIEW,
  handler(params, context) {
    const plan = planStoreOf(context.host).get(params.planId);
    if (plan?.sessionId !== context.session.id) {
      throw new AgentError(ErrorCode.InvalidParams, `Invalid params: this session has no plan '${params.planId}'`, {
        hint: 'listPlans shows the plans of this session.',
      });
    }
    return planView(plan);
  },
});

const listPlans = defineMethod({
  name: 'listPlans',
  role: 'any',
  description: 'The plans this session proposed, oldest first, with status: poll until decided.',
  params: { type: 'object', additionalProperties: false },
  recorded: false,
  readOnly: true,
  returns: { plans: 'array' },
  wrap: 'plans',
  handler(_params, context) {
    return planStoreOf(context.host).ofSession(context.session.id).map(planView);
  },
});

/** approvePlan and rejectPlan: only the person may call them (the dispatcher refuses every agent session). */
function decisionMethod(name: string, approved: boolean): MethodDefinition {
  return defineMethod({
    name,
    role: 'person',
    description: `${approved ? 'Approve' : 'Reject'} a pending plan. Only the person decides (the review UI in VS Code, the owner of a headless server); agent sessions are always refused.`,
    params: {
      type: 'object',
      properties: { planId: PLAN_ID_SCHEMA, reason: REASON },
      required: ['planId'],
      additionalProperties: false,
    },
    recorded: false,
    notTool: 'only the person decides a plan',
    returns: PLAN_VIEW,
    handler(params, context) {
      const store = planStoreOf(context.host);
      const plan = store.get(params.planId);
      if (!plan) throw new AgentError(ErrorCode.InvalidParams, `Invalid params: there is no plan '${params.planId}'`);
      if (!store.decide(params.planId, { approved, reason: params.reason, decidedBy: context.session.name || 'person' })) {
        throw new AgentError(ErrorCode.PlanNotApproved, `Plan '${params.planId}' is already ${plan.status}`, { planId: params.planId, status: plan.status });
      }
      return planView(plan);
    },
  });
}

export const PLAN_METHODS: readonly MethodDefinition[] = [proposePlan, getPlan, listPlans, decisionMethod('approvePlan', true), decisionMethod('rejectPlan', false)];
