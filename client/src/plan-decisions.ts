// The person's decisions on agents' plans. The server asks with `whetstone/decidePlan`; the
// question shows as an ordinary (non-modal) notification, which never takes the focus from the
// editor the person is typing in: "Agent X proposes a plan: <reason>" with Approve, Reject and
// Review (the diff of what it would do, plan-diff.ts), and, when every target is of one kind that
// is not a declaration, "Approve similar": this plan and the agent's later plans of that kind
// until it disconnects (revocable in the Agents view). The notification is a progress
// notification with its choices as links, because that is the one kind an extension can close:
// it stays while the plan is pending, wherever it is decided (the notification, the diff's title
// bar, the Whetstone views), and closes then, with the plan's diff. Hiding the notification or
// closing the review is not a decision: the plan stays pending, "Whetstone: Review Pending Agent
// Plans" and the Plans view bring it back, and only the server withdrawing the question (its
// agent left) ends it undecided. Decided plans stay listed in the Plans view, where their record
// opens again.
import * as vscode from 'vscode';
import type { CancellationToken, LanguageClient } from 'vscode-languageclient/node';
import { DecidePlanRequest, type DecidePlanParams, type DecidePlanResult } from '../../server/src/protocol/messages';
import { labelText } from '../../server/src/protocol/display-text';
import { PLAN_PROPOSED_SCHEME, PlanDiffProvider, planIdOfProposed, type PlanLens } from './plan-diff';
import { APPROVE_PLAN_COMMAND, PLAN_SCHEME, PlanReviewProvider, REJECT_PLAN_COMMAND, type PlanRecord } from './plan-review-document';

export const REVIEW_PENDING_PLANS_COMMAND = 'whetstone.reviewPendingPlans';
/** Opens a plan's review (the diff) by id: the Agents view's plan rows run it. */
export const REVIEW_PLAN_COMMAND = 'whetstone.reviewPlan';
export const APPROVE_SIMILAR_PLANS_COMMAND = 'whetstone.approveSimilarPlans';
export const PLAN_DETAILS_COMMAND = 'whetstone.showPlanDetails';

/** Decided plans are kept this long for their open reviews; older ones are forgotten. */
const KEEP_DECIDED = 50;
// As docs/AGENT-ENDPOINT.md lists the deciders: person, auto, policy, host.
const DECIDED_BY = 'person';
/** Longest text of a notification or title here (the server's display form is cut before this). */
const MAX_SHOWN_CHARS = 1000;

/** A pending plan as the extension's API shows it (to tests and other extensions). */
export interface PendingPlan {
  planId: string;
  agentName: string;
  sessionId: string;
  reason: string;
  steps: string[];
  /** Each in its file: node ids repeat across files. */
  targets: { op: string; nodeId: string; uri: string }[];
  /** What "Approve similar" would approve, when it is offered. */
  similar?: { kind: string; label: string };
}

interface Entry extends PlanRecord {
  answer?: (result: DecidePlanResult) => void;
  /** Closes the plan's notification (resolves its progress). */
  closeNotification?: () => void;
}

/** A link in a notification's message that runs `command` with `args`. */
function commandLink(label: string, command: string, args: unknown[]): string {
  return `[${label}](command:${command}?${encodeURIComponent(JSON.stringify(args))})`;
}

/** Longest tab title of a plan's diff, before the file's name. */
const MAX_TAB_TITLE_CHARS = 60;

/** The diff's tab title: what the plan does (its reason, else what it targets) and who asks. */
function diffTitle(entry: PlanRecord): string {
  const { display } = entry.params;
  return labelText(`${display.agent}: ${display.reason || display.targetSummary}`, MAX_TAB_TITLE_CHARS);
}

/** A command's plan: its id, or the proposed side of its diff (the editor title bar passes that). */
function planIdOf(target: unknown): string | undefined {
  if (typeof target === 'string') return target;
  if (target instanceof vscode.Uri && target.scheme === PLAN_PROPOSED_SCHEME) return planIdOfProposed(target);
  return undefined;
}

export class PlanDecisions implements vscode.Disposable {
  private readonly plans = new Map<string, Entry>();
  private readonly review = new PlanReviewProvider((planId) => this.plans.get(planId));
  private readonly diff: PlanDiffProvider;
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly subscriptions: vscode.Disposable[];

  /** Fired when a plan becomes pending or stops being pending. */
  readonly onDidChange = this.changed.event;

  /** Registers the request handler; call before the client starts. */
  constructor(client: LanguageClient) {
    this.diff = new PlanDiffProvider(client, (planId) => this.lensesOf(planId));
    this.subscriptions = [
      this.diff,
      vscode.workspace.registerTextDocumentContentProvider(PLAN_PROPOSED_SCHEME, this.diff),
      vscode.languages.registerCodeLensProvider({ scheme: PLAN_PROPOSED_SCHEME }, this.diff),
      vscode.commands.registerCommand(REVIEW_PLAN_COMMAND, (planId: unknown) => (typeof planId === 'string' ? this.openReview(planId) : this.pickPending())),
      vscode.commands.registerCommand(APPROVE_SIMILAR_PLANS_COMMAND, (target: unknown) => {
        const planId = planIdOf(target);
        if (planId === undefined || !this.decide(planId, true, undefined, true)) void vscode.window.showInformationMessage('Whetstone: that plan is no longer pending.');
      }),
      vscode.commands.registerCommand(PLAN_DETAILS_COMMAND, (target: unknown) => {
        const planId = planIdOf(target);
        return planId === undefined ? undefined : this.review.open(planId);
      }),
      client.onRequest(DecidePlanRequest, (params, token) => this.ask(params, token)),
      vscode.workspace.registerTextDocumentContentProvider(PLAN_SCHEME, this.review),
      vscode.languages.registerCodeLensProvider({ scheme: PLAN_SCHEME }, this.review),
      this.review,
      // From a lens (the plan's id) or the diff editor's title bar (the proposed side's URI).
      vscode.commands.registerCommand(APPROVE_PLAN_COMMAND, (target: unknown) => this.decideFromUi(planIdOf(target), true)),
      vscode.commands.registerCommand(REJECT_PLAN_COMMAND, (target: unknown) => this.decideFromUi(planIdOf(target), false)),
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
      .map(({ params: { plan, agent, similar } }) => ({
        planId: plan.planId,
        agentName: agent.name,
        sessionId: agent.sessionId,
        reason: plan.reason,
        steps: [...plan.steps],
        targets: plan.targets.map((target) => ({ ...target })),
        ...(similar ? { similar: { ...similar } } : {}),
      }));
  }

  /** The plans decided (or withdrawn) lately, newest first: the Plans view lists them. */
  decided(): { planId: string; agentName: string; reason: string; state: PlanRecord['state'] }[] {
    return [...this.plans.values()]
      .filter((entry) => entry.state !== 'pending')
      .reverse()
      .map(({ params: { plan, agent }, state }) => ({ planId: plan.planId, agentName: agent.name, reason: plan.reason, state }));
  }

  /**
   * Decides a pending plan, as the notification's buttons do; returns false when it is not (or no
   * longer) pending. The extension's API offers this to tests.
   */
  decide(planId: string, approved: boolean, reason?: string, approveSimilar = false): boolean {
    const entry = this.plans.get(planId);
    if (entry?.state !== 'pending' || !entry.answer) return false;
    // Only a kind the server offered can be approved for later plans.
    if (approveSimilar && (!approved || !entry.params.similar)) return false;
    const answer = entry.answer;
    this.settle(planId, entry, approved ? 'approved' : 'rejected');
    const result: DecidePlanResult = { decision: approved ? 'approved' : 'rejected', reason: reason ?? (approved ? 'Approved in VS Code' : 'Rejected in VS Code'), decidedBy: DECIDED_BY };
    if (approveSimilar) result.approveSimilar = true;
    answer(result);
    return true;
  }

  /** The lenses on a plan's diff: Approve (similar) / Reject while pending, Details always. */
  private lensesOf(planId: string): PlanLens[] {
    const entry = this.plans.get(planId);
    const details = { title: 'Plan details', command: PLAN_DETAILS_COMMAND, arguments: [planId] };
    if (entry?.state !== 'pending') return [{ ...details, title: `Plan ${entry?.state ?? 'no longer known'} · details` }];
    const similar = entry.params.similar;
    return [
      { title: 'Approve', command: APPROVE_PLAN_COMMAND, arguments: [planId] },
      ...(similar ? [{ title: `Approve similar until the agent leaves (${labelText(similar.label)})`, command: APPROVE_SIMILAR_PLANS_COMMAND, arguments: [planId] }] : []),
      { title: 'Reject', command: REJECT_PLAN_COMMAND, arguments: [planId] },
      details,
    ];
  }

  /** Opens the plan's diff (or, when it changes no open file, its details). */
  async openReview(planId: string): Promise<void> {
    const entry = this.plans.get(planId);
    if (!entry) {
      void vscode.window.showInformationMessage('Whetstone: that plan is no longer known.');
      return;
    }
    if (!(await this.diff.open(planId, diffTitle(entry)))) await this.review.open(planId);
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

  /**
   * Shows the plan's notification until the plan is no longer pending. Its choices are command
   * links (a progress notification has no buttons but closes when its task ends); each runs the
   * command the diff's title bar runs, so every way of deciding ends the same way.
   */
  private notify(planId: string): void {
    const entry = this.plans.get(planId);
    if (entry?.state !== 'pending') return;
    const choices = [
      commandLink('Approve', APPROVE_PLAN_COMMAND, [planId]),
      ...(entry.params.similar ? [commandLink('Approve similar', APPROVE_SIMILAR_PLANS_COMMAND, [planId])] : []),
      commandLink('Reject', REJECT_PLAN_COMMAND, [planId]),
      commandLink('Review', REVIEW_PLAN_COMMAND, [planId]),
    ];
    // Not modal: a notification toast, so the editor keeps the focus and the keystrokes. The text
    // is the server's headline: the agent's words escaped and cut, the targets counted (labelText
    // breaks any link of theirs, so only the choices are links). The choices come first: a
    // notification shown on one line still shows them.
    const closed = new Promise<void>((resolve) => (entry.closeNotification = resolve));
    const message = `${choices.join(' · ')} — ${labelText(entry.params.display.headline, MAX_SHOWN_CHARS)}`;
    void vscode.window.withProgress({ location: vscode.ProgressLocation.Notification }, (progress) => {
      progress.report({ message });
      return closed;
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
        return { label: labelText(display.reason), description: labelText(`${display.agent} · ${display.planId}`), planId: plan.planId };
      }),
      { placeHolder: 'Agent plans waiting for your decision' },
    );
    if (!picked) return;
    await this.openReview(picked.planId);
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
    entry.closeNotification?.();
    entry.closeNotification = undefined;
    this.review.refresh(planId);
    this.diff.refresh();
    void this.diff.close(planId);
    this.changed.fire();
    const decided = [...this.plans.entries()].filter(([, candidate]) => candidate.state !== 'pending');
    for (const [id] of decided.slice(0, Math.max(0, decided.length - KEEP_DECIDED))) this.plans.delete(id);
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    this.changed.dispose();
  }
}
