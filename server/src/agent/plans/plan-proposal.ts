// A pending plan as a change of text, for the person's diff of current against proposed: each
// targeted buffer's text with the plan's removals made by the core's mutation engine, and what the
// plan cannot show (it names its targets, not what an update would write) listed.
import { applyMutations } from '../../core/editing';
import { applyTextEdits } from '../../core/syntax';
import { typeWords } from '../../core/queries';
import type { Workspace } from '../../workspace/workspace';
import type { PlanTarget } from '../host';
import { displayText, MAX_LABEL_CHARS, operationWords, shortPath } from './plan-display';
import { planPreview, type TargetPreview } from './plan-preview';

/** What a plan would do to one buffer's text now: its removals made; what the plan cannot show, named. */
export interface ProposedText {
  uri: string;
  /** The file as the person reads it: a short path, escaped (plan-display.ts). */
  file: string;
  revision: number;
  proposed: string;
  /** Targets whose effect is not in the text (an update's new content is not in the plan), described. */
  notShown: string[];
}

/**
 * The text of each buffer a plan targets with the plan's removals made (the core's mutation engine
 * deletes the targeted nodes, as the agent's deleteNode would). A plan names only its targets, not
 * what an update writes, so other operations are listed rather than guessed.
 */
export function proposedTexts(workspace: Workspace, targets: readonly PlanTarget[]): ProposedText[] {
  const preview = planPreview(workspace, targets);
  const byUri = new Map<string, TargetPreview[]>();
  for (const target of preview.targets) {
    if (!target.found || target.uri === undefined) continue;
    byUri.set(target.uri, [...(byUri.get(target.uri) ?? []), target]);
  }
  const result: ProposedText[] = [];
  for (const [uri, found] of byUri) {
    const buffer = workspace.get(uri);
    if (!buffer) continue;
    const deletes = found.filter((target) => target.op === 'deleteNode');
    const notShown = found.filter((target) => target.op !== 'deleteNode').map((target) => `${operationWords(target.op)} ${typeWords(target.nodeType ?? '')} on lines ${target.startLine}–${target.endLine}`);
    let proposed = buffer.document.text;
    try {
      let next = 0;
      const { edits } = applyMutations(buffer.document, deletes.map((target) => ({ type: 'deleteNode', nodeId: target.nodeId })), () => `node_plan_${++next}`);
      proposed = applyTextEdits(proposed, edits);
    } catch {
      // Removals the engine refuses (a node another removal already took) leave the text as it is.
      notShown.push(...deletes.map((target) => `delete ${typeWords(target.nodeType ?? '')} on lines ${target.startLine}–${target.endLine}`));
    }
    result.push({ uri, file: displayText(shortPath(uri, workspace), MAX_LABEL_CHARS), revision: buffer.revision, proposed, notShown });
  }
  return result;
}
