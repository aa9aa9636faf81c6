// What the person is shown to decide an agent's plan, computed once here for every place that
// shows it (the headless terminal prompt, VS Code's notification and review document). Agent text
// is never trusted for display: its reason, steps, plan id, ops and name are escaped (control
// characters made visible, so newlines and terminal escapes cannot forge lines or hide others;
// one line each; length-capped), and what the plan would act on is described from the server's
// own tree (what the node is in the language's words, its name, lines, file), not from anything the agent wrote; each target is
// looked up in the one file it is bound to (node ids repeat across files), and that file is named. Long plans are
// summarised with counts, including how many targets of each operation there are, and removals
// and replacements are listed first, so a destructive target cannot hide at the end of a list.
import { typeWords } from '../../core/queries';
import { labelText } from '../../protocol/display-text';
import type { Workspace } from '../../workspace/workspace';
import type { Plan } from '../host';
import { planPreview, type TargetPreview } from './plan-preview';

/** Steps and targets listed one by one; the rest are counted. */
export const MAX_SHOWN_STEPS = 20;
export const MAX_SHOWN_TARGETS = 20;
/** Longest agent text on one line (reason, step). */
export const MAX_TEXT_CHARS = 300;
/** Longest short field (plan id, op, agent name). */
export const MAX_LABEL_CHARS = 80;
/** Lines of a target's current source shown (once per node). */
export const MAX_CODE_LINES = 12;
const MAX_CODE_LINE_CHARS = 200;

export interface TargetDisplay {
  /** The operation, escaped (an agent may send any op name). */
  op: string;
  nodeId: string;
  found: boolean;
  /** From the server's tree: "function calculateTotal, lines 3–9 of orders.wst", or why not found. */
  description: string;
  /** The node's current source lines, escaped and cut (empty when not found, or shown for an earlier target). */
  code: string[];
  /** Source lines not shown. */
  moreCodeLines: number;
}

export interface PlanDisplay {
  planId: string;
  /** The agent's name (escaped), or "session <id>" when it gave none. */
  agent: string;
  /** One line for a notification: who proposes what, with the target counts. */
  headline: string;
  reason: string;
  steps: string[];
  stepCount: number;
  targets: TargetDisplay[];
  targetCount: number;
  /** "3 deleteNode, 1 setProperty": every target counted by operation, destructive or not. */
  targetSummary: string;
}

/** A mutation's name as a person reads it ("delete", "change"); an unknown one as given, escaped. */
export function operationWords(op: string): string {
  return OPERATION_WORDS[op] ?? displayText(op, 40);
}

const OPERATION_WORDS: Readonly<Record<string, string>> = { deleteNode: 'delete', setProperty: 'change', updateNode: 'change', insertNode: 'insert into' };

/**
 * Agent text made safe to show on one line, in a terminal and in VS Code alike
 * (protocol/display-text.ts labelText: hidden characters visible, icon and link syntax inert),
 * and cut at `max` with a count.
 */
export function displayText(text: string, max: number = MAX_TEXT_CHARS): string {
  return labelText(text, max);
}

/** Source text shown as code: lines kept, tabs kept, other control characters made visible. */
function codeLines(text: string): { lines: string[]; more: number } {
  const all = text.split('\n');
  const lines = all.slice(0, MAX_CODE_LINES).map((line) => displayText(line.replace(/\t/g, '    '), MAX_CODE_LINE_CHARS));
  return { lines, more: all.length - lines.length };
}

const segmentsOf = (uri: string): string[] => uri.split('/').map((segment) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
});

/**
 * A file as the person reads it: the end of its path, as many folders as it takes to tell it from
 * every other open buffer (two `main.wst` in different folders are shown with their folders).
 */
export function shortPath(uri: string, workspace: Workspace): string {
  const own = segmentsOf(uri);
  const others = workspace.all().filter((buffer) => buffer.uri !== uri).map((buffer) => segmentsOf(buffer.uri));
  for (let count = 1; count < own.length; count++) {
    const tail = own.slice(-count).join('/');
    if (!others.some((other) => other.slice(-count).join('/') === tail)) return tail;
  }
  return own.join('/');
}

function describeTarget(target: TargetPreview, workspace: Workspace): TargetDisplay {
  const op = displayText(target.op, MAX_LABEL_CHARS);
  const nodeId = displayText(target.nodeId, MAX_LABEL_CHARS);
  if (!target.found) {
    const where = target.uri === undefined ? 'any open buffer' : displayText(shortPath(target.uri, workspace), MAX_LABEL_CHARS);
    return { op, nodeId, found: false, description: `not found in ${where}`, code: [], moreCodeLines: 0 };
  }
  const file = target.uri ? shortPath(target.uri, workspace) : '';
  const lines = target.startLine === target.endLine ? `line ${target.startLine}` : `lines ${target.startLine}–${target.endLine}`;
  // In the language's words ("function total"), not the AST's type names: a person reads it.
  const what = target.nodeType ? typeWords(target.nodeType, target.name ? displayText(target.name, MAX_LABEL_CHARS) : '') : 'node';
  const { lines: code, more } = codeLines(target.text ?? '');
  return {
    op,
    nodeId,
    found: true,
    description: `${what}, ${lines} of ${displayText(file, MAX_LABEL_CHARS)}`,
    code,
    moreCodeLines: more + (target.truncated ? 1 : 0),
  };
}

function countByOp(plan: Plan): string {
  const counts = new Map<string, number>();
  for (const target of plan.targets) counts.set(target.op, (counts.get(target.op) ?? 0) + 1);
  if (counts.size === 0) return 'none';
  return [...counts.entries()].map(([op, count]) => `${count} ${displayText(op, MAX_LABEL_CHARS)}`).join(', ');
}

/** Removing and replacing come first: those are what the person must not miss. */
const OP_ORDER = ['deleteNode', 'updateNode', 'insertNode'];

function opRank(op: string): number {
  const rank = OP_ORDER.indexOf(op);
  return rank < 0 ? OP_ORDER.length : rank;
}

/** The plan as the person sees it, targets looked up in the workspace's buffers now. */
export function planDisplay(plan: Plan, workspace: Workspace, agentName: string): PlanDisplay {
  const shown = [...plan.targets].sort((a, b) => opRank(a.op) - opRank(b.op)).slice(0, MAX_SHOWN_TARGETS);
  const agent = agentName ? displayText(agentName, MAX_LABEL_CHARS) : `session ${plan.sessionId}`;
  const targetSummary = countByOp(plan);
  const reason = displayText(plan.reason);
  return {
    planId: displayText(plan.planId, MAX_LABEL_CHARS),
    agent,
    headline: `Agent ${agent} proposes a plan (targets: ${targetSummary}): ${displayText(plan.reason, 120)}`,
    reason,
    steps: plan.steps.slice(0, MAX_SHOWN_STEPS).map((step) => displayText(step)),
    stepCount: plan.steps.length,
    targets: planPreview(workspace, shown).targets.map((target, index, all) => {
      const described = describeTarget(target, workspace);
      // A node listed again (another op on it) is not printed twice; the same id in another file is another node.
      if (all.findIndex((other) => other.nodeId === target.nodeId && other.uri === target.uri) === index) return described;
      return { ...described, code: [], moreCodeLines: 0 };
    }),
    targetCount: plan.targets.length,
    targetSummary,
  };
}

/** The plan as terminal lines (serve --approve ask). */
export function planDisplayLines(display: PlanDisplay): string[] {
  const out = [`Plan ${display.planId} from ${display.agent}`, `Reason: ${display.reason}`, `Steps (${display.stepCount}):`];
  display.steps.forEach((step, index) => out.push(`  ${index + 1}. ${step}`));
  if (display.stepCount > display.steps.length) out.push(`  … and ${display.stepCount - display.steps.length} more steps`);
  out.push(`Targets (${display.targetCount}: ${display.targetSummary}):`);
  for (const target of display.targets) {
    out.push(`  ${target.op} ${target.nodeId}: ${target.description}`);
    for (const line of target.code) out.push(`    | ${line}`);
    if (target.moreCodeLines > 0) out.push('    | …');
  }
  if (display.targetCount > display.targets.length) out.push(`  … and ${display.targetCount - display.targets.length} more targets (all counted above)`);
  return out;
}
