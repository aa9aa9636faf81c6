// How `whetstone-agent serve` decides plans and changes sent for review (`--approve`): `ask` puts
// each to the owner of the terminal (on stderr, each question a whole line; the answer is the
// next line on stdin), one question at a time (a plan's steps, targets with their
// current source and reason, escaped and summarised by plan-display.ts; a change's edits as
// removed and added lines), `deny` rejects them all, `auto` approves them all (tests and trusted
// pipelines only).
import { createInterface, type Interface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { type ChangeReviewer, type ChangeSuggestion, type Plan, type PlanDecider, type ReviewDecision, displayText, MAX_LABEL_CHARS, planDisplay, planDisplayLines } from '../agent';
import type { Workspace } from '../workspace/workspace';

export const APPROVAL_MODES = ['ask', 'deny', 'auto'] as const;

/** Why a question was answered as rejected when the terminal's output is closed. */
const NOT_SHOWN = 'not shown: the terminal\'s output is closed';
export type ApprovalMode = (typeof APPROVAL_MODES)[number];

export interface TerminalApproval {
  decidePlan: PlanDecider;
  reviewChange: ChangeReviewer;
  /** Stops asking: questions still open are answered as rejected. */
  close(): void;
}

export interface Terminal {
  input: Readable;
  output: Writable;
  workspace: Workspace;
  /** Whether a queued plan is still worth asking about (its agent is still connected). */
  stillWanted?: (plan: Plan) => boolean;
}

export function createPlanApproval(mode: ApprovalMode, terminal: Terminal): TerminalApproval {
  if (mode === 'auto') {
    return {
      decidePlan: () => Promise.resolve({ approved: true, reason: 'approved by serve --approve auto', decidedBy: 'auto' }),
      reviewChange: () => Promise.resolve({ accepted: true, reason: 'accepted by serve --approve auto', decidedBy: 'auto' }),
      close: () => undefined,
    };
  }
  if (mode === 'deny') {
    return {
      decidePlan: () => Promise.resolve({ approved: false, reason: 'rejected by serve --approve deny', decidedBy: 'policy' }),
      reviewChange: () => Promise.resolve({ accepted: false, reason: 'rejected by serve --approve deny', decidedBy: 'policy' }),
      close: () => undefined,
    };
  }
  return terminalQuestions(terminal);
}

function terminalQuestions(terminal: Terminal): TerminalApproval {
  let lines: Interface | undefined;
  let ended = false;
  const waiting: ((answer: string | undefined) => void)[] = [];
  // One question at a time: answers are read in the order the plans were asked.
  let turn: Promise<unknown> = Promise.resolve();

  const reader = (): Interface => {
    if (!lines) {
      lines = createInterface({ input: terminal.input, terminal: false });
      lines.on('line', (line) => waiting.shift()?.(line));
      lines.on('close', () => {
        ended = true;
        for (const answer of waiting.splice(0)) answer(undefined);
      });
    }
    return lines;
  };
  const nextLine = (): Promise<string | undefined> => {
    reader();
    if (ended) return Promise.resolve(undefined);
    return new Promise((resolve) => waiting.push(resolve));
  };

  /**
   * Writes a question; the answer to it counts only if it reached the terminal (a closed output
   * fails the write): nobody approves what they were not shown.
   */
  const show = (text: string): { failed: boolean } => {
    // A stream that failed before (the log shares stderr) is not written again: it has no reader.
    const shown = { failed: terminal.output.destroyed || terminal.output.errored !== null };
    if (!shown.failed) terminal.output.write(text, (error) => (shown.failed ||= Boolean(error)));
    return shown;
  };

  const ask = async (plan: Plan): Promise<{ approved: boolean; reason?: string; decidedBy: string }> => {
    // Plans wait their turn; one whose agent left meanwhile is not put to the person.
    if (terminal.stillWanted && !terminal.stillWanted(plan)) return { approved: false, reason: 'the agent disconnected before the plan was decided', decidedBy: 'host' };
    const display = planDisplay(plan, terminal.workspace, '');
    const shown = show(`\n${planDisplayLines(display).join('\n')}\nApprove plan ${display.planId}? [y/N]\n`);
    if (shown.failed) return { approved: false, reason: NOT_SHOWN, decidedBy: 'host' };
    const answer = await nextLine();
    if (shown.failed) return { approved: false, reason: NOT_SHOWN, decidedBy: 'host' };
    if (answer === undefined) return { approved: false, reason: 'no answer: the terminal closed', decidedBy: 'host' };
    const approved = /^\s*y(es)?\s*$/i.test(answer);
    return { approved, reason: approved ? 'approved on the terminal' : 'rejected on the terminal', decidedBy: 'person' };
  };

  const askChange = async (suggestion: ChangeSuggestion, withdrawn: AbortSignal): Promise<ReviewDecision> => {
    // A change whose agent left while it waited its turn is not put to the person.
    if (withdrawn.aborted) return { accepted: false, reason: 'the agent disconnected before the change was decided', decidedBy: 'host' };
    const shown = show(`${describeChange(suggestion)}Apply change ${suggestion.suggestionId} from ${suggestion.agentName ? displayText(suggestion.agentName, MAX_LABEL_CHARS) : `session ${suggestion.sessionId}`}? [y/N]\n`);
    if (shown.failed) return { accepted: false, reason: NOT_SHOWN, decidedBy: 'host' };
    const answer = await nextLine();
    if (shown.failed) return { accepted: false, reason: NOT_SHOWN, decidedBy: 'host' };
    if (answer === undefined) return { accepted: false, reason: 'no answer: the terminal closed', decidedBy: 'host' };
    const accepted = /^\s*y(es)?\s*$/i.test(answer);
    return { accepted, reason: accepted ? 'accepted on the terminal' : 'rejected on the terminal', decidedBy: 'person' };
  };

  /** Questions (plans and changes alike) wait for the one before to be answered. */
  const inTurn = <T>(question: () => Promise<T>): Promise<T> => {
    const decision = turn.then(question);
    turn = decision.catch(() => undefined);
    return decision;
  };

  return {
    decidePlan: (plan) => inTurn(() => ask(plan)),
    reviewChange: (suggestion, withdrawn) => inTurn(() => askChange(suggestion, withdrawn)),
    close() {
      ended = true;
      for (const answer of waiting.splice(0)) answer(undefined);
      lines?.close();
    },
  };
}

function describeChange(suggestion: ChangeSuggestion): string {
  // The label and the lines carry agent text: shown escaped, one line each (plan-display.ts).
  const out = [`\nChange ${suggestion.suggestionId} from session ${suggestion.sessionId}: ${displayText(suggestion.label)}`, `In ${displayText(suggestion.uri)}:`];
  for (const edit of suggestion.edits) {
    out.push(`  at line ${edit.start.line}:`);
    for (const line of edit.linesBefore.split('\n').slice(0, 20)) out.push(`    - ${displayText(line)}`);
    for (const line of edit.linesAfter.split('\n').slice(0, 20)) out.push(`    + ${displayText(line)}`);
  }
  const { count, errors } = suggestion.introducedErrors;
  if (count > 0) {
    out.push(`It would introduce ${count} new error${count === 1 ? '' : 's'}:`);
    for (const error of errors) out.push(`  ${displayText(error.uri)}:${error.line} ${error.code} ${displayText(error.message)}`);
    if (count > errors.length) out.push(`  and ${count - errors.length} more`);
  }
  return `${out.join('\n')}\n`;
}
