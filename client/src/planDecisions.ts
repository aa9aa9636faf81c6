// The person's decisions on agents' plans. The server asks with `whetstone/decidePlan`; the
// question shows as an ordinary (non-modal) notification, which never takes the focus from the
// editor the person is typing in: "Agent X proposes a plan: <reason>" with Approve, Reject and
// Review. Closing the notification is not a decision: the plan stays pending, "Whetstone: Review
// Pending Agent Plans" brings it back, and only the server withdrawing the question (its agent
// left) ends it undecided.
import * as vscode from 'vscode';
import type { CancellationToken, LanguageClient } from 'vscode-languageclient/node';
import { DecidePlanRequest, type DecidePlanParams, type DecidePlanResult } from '../../server/src/protocol/messages';
import { APPROVE_PLAN_COMMAND, PLAN_SCHEME, PlanReviewProvider, REJECT_PLAN_COMMAND, type PlanRecord } from './planReviewDocument';

export const REVIEW_PENDING_PLANS_COMMAND = 'whetstone.reviewPendingPlans';

/** Decided plans are kept this long for their open reviews; older ones are forgotten. */
const KEEP_DECIDED = 50;
// As docs/AGENT-ENDPOINT.md lists the deciders: person, auto, policy, host.
const DECIDED_BY = 'person';

/** A pending plan as the extension's API shows it (to tests and other extensions). */
export interface PendingPlan {
  planId: string;
  agentName: string;
  sessionId: string;
  reason: string;
  steps: string[];
  targets: { op: string; nodeId: string }[];
}

interface Entry extends PlanRecord {
  answer?: (result: DecidePlanResult) => void;
}

export class PlanDecisions implements vscode.Disposable {
  private readonly plans = new Map<string, Entry>();
  private readonly review = new PlanReviewProvider((planId) => this.plans.get(planId));
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly subscriptions: vscode.Disposable[];

  /** Fired when a plan becomes pending or stops being pending. */
  readonly onDidChange = this.changed.event;

  /** Registers the request handler; call before the client starts. */
  constructor(client: LanguageClient) {
    this.subscriptions = [
      client.onRequest(DecidePlanRequest, (params, token) => this.ask(params, token)),
      vscode.workspace.registerTextDocumentContentProvider(PLAN_SCHEME, this.review),
      vscode.languages.registerCodeLensProvider({ scheme: PLAN_SCHEME }, this.review),
      this.review,
      vscode.commands.registerCommand(APPROVE_PLAN_COMMAND, (planId: unknown) => this.decideFromUi(planId, true)),
      vscode.commands.registerCommand(REJECT_PLAN_COMMAND, (planId: unknown) => this.decideFromUi(planId, false)),
      vscode.commands.registerCommand(REVIEW_PENDING_PLANS_COMMAND, () => this.pickPending()),
      // A server that stopped (or restarted) took its plans along: their questions are void.
      client.onDidChangeState(() => {
        if (!client.isRunning()) this.withdrawAll();
      }),
    ];
  }

  /** The plans waiting for the person, oldest first. */
  pending(): PendingPlan[] {
    return [...this.plans.values()]
      .filter((entry) => entry.state === 'pending')
      .map(({ params: { plan, agent } }) => ({
        planId: plan.planId,
        agentName: agent.name,
        sessionId: agent.sessionId,
        reason: plan.reason,
        steps: [...plan.steps],
        targets: plan.targets.map((target) => ({ ...target })),
      }));
  }

  /**
   * Decides a pending plan, as the notification's buttons do; returns false when it is not (or no
   * longer) pending. The extension's API offers this to tests.
   */
  decide(planId: string, approved: boolean, reason?: string): boolean {
    const entry = this.plans.get(planId);
    if (entry?.state !== 'pending' || !entry.answer) return false;
    const answer = entry.answer;
    this.settle(planId, entry, approved ? 'approved' : 'rejected');
    answer({ decision: approved ? 'approved' : 'rejected', reason: reason ?? (approved ? 'Approved in VS Code' : 'Rejected in VS Code'), decidedBy: DECIDED_BY });
    return true;
  }

  private ask(params: DecidePlanParams, token: CancellationToken): Promise<DecidePlanResult> {
    const planId = params.plan.planId;
    return new Promise((resolve) => {
      const entry: Entry = { params, state: 'pending', answer: resolve };
      this.plans.set(planId, entry);
      this.changed.fire();
      // The server withdraws the question when the plan can no longer be used (its agent left).
      const cancelled = token.onCancellationRequested(() => {
        cancelled.dispose();
        if (this.plans.get(planId) !== entry || entry.state !== 'pending') return;
        this.settle(planId, entry, 'withdrawn');
        resolve({ decision: 'undecided', reason: 'withdrawn' });
      });
      this.notify(planId);
    });
  }

  /** Shows the plan's notification; its buttons decide, Review opens the review and asks again. */
  private notify(planId: string): void {
    const entry = this.plans.get(planId);
    if (entry?.state !== 'pending') return;
    // Not modal: a notification toast, so the editor keeps the focus and the keystrokes. The text
    // is the server's headline: the agent's words escaped and cut, the targets counted.
    void vscode.window.showInformationMessage(entry.params.display.headline, 'Approve', 'Reject', 'Review').then((choice) => {
      if (choice === 'Approve' || choice === 'Reject') {
        if (!this.decide(planId, choice === 'Approve')) void vscode.window.showInformationMessage('Whetstone: that plan is no longer pending.');
      } else if (choice === 'Review') {
        this.review.open(planId).then(
          () => this.notify(planId),
          (error: unknown) => void vscode.window.showErrorMessage(`Whetstone: could not open the plan review: ${error instanceof Error ? error.message : String(error)}`),
        );
      }
      // Dismissed (undefined): not a decision; the plan stays pending.
    });
  }

  private decideFromUi(planId: unknown, approved: boolean): void {
    if (typeof planId !== 'string' || !this.decide(planId, approved)) {
      void vscode.window.showInformationMessage('Whetstone: that plan is no longer pending.');
    }
  }

  private async pickPending(): Promise<void> {
    const pending = this.pending();
    if (pending.length === 0) {
      void vscode.window.showInformationMessage('Whetstone: no agent plan is waiting for a decision.');
      return;
    }
    const picked = await vscode.window.showQuickPick(
      pending.map((plan) => {
        const { display } = this.plans.get(plan.planId)!.params;
        return { label: display.reason, description: `${display.agent} · ${display.planId}`, planId: plan.planId };
      }),
      { placeHolder: 'Agent plans waiting for your decision' },
    );
    if (!picked) return;
    await this.review.open(picked.planId);
    this.notify(picked.planId);
  }

  private withdrawAll(): void {
    for (const [planId, entry] of [...this.plans.entries()]) {
      if (entry.state !== 'pending') continue;
      const answer = entry.answer;
      this.settle(planId, entry, 'withdrawn');
      answer?.({ decision: 'undecided', reason: 'withdrawn' });
    }
  }

  private settle(planId: string, entry: Entry, state: PlanRecord['state']): void {
    entry.state = state;
    entry.answer = undefined;
    this.review.refresh(planId);
    this.changed.fire();
    const decided = [...this.plans.entries()].filter(([, candidate]) => candidate.state !== 'pending');
    for (const [id] of decided.slice(0, Math.max(0, decided.length - KEEP_DECIDED))) this.plans.delete(id);
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    this.changed.dispose();
  }
}
