// What an approval is bound to (docs/AGENT-ENDPOINT.md "Plans"): the text of each target as it
// was when its plan was proposed, which is what the person is shown. Node ids outlive edits, so
// without this a plan approved for one version of a function would delete whatever another session
// has since put into it. Kept as hashes: the plan store holds many plans, and only equality counts.
import { createHash } from 'node:crypto';
import type { WhetstoneDocument } from '../core/syntax';
import type { Workspace } from '../workspace/workspace';
import type { PlanTarget } from './host';

/** Per target node id, per buffer URI holding such a node: a hash of the node's text. */
export type TargetTexts = ReadonlyMap<string, ReadonlyMap<string, string>>;

const hashOf = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The targets' texts in every open buffer that has their node now. */
export function targetTexts(workspace: Workspace, targets: readonly PlanTarget[]): TargetTexts {
  const texts = new Map<string, Map<string, string>>();
  for (const { nodeId } of targets) {
    if (texts.has(nodeId)) continue;
    const byUri = new Map<string, string>();
    for (const buffer of workspace.all()) {
      const node = buffer.document.nodeById(nodeId);
      if (node) byUri.set(buffer.uri, hashOf(buffer.document.textOf(node)));
    }
    texts.set(nodeId, byUri);
  }
  return texts;
}

/**
 * The targets of a change of the buffer `uri` (its tree: `document`) whose text is not what it was
 * when the plan was proposed, a target that was not there then included.
 */
export function changedTargets(bound: TargetTexts, uri: string, document: WhetstoneDocument, targets: readonly PlanTarget[]): PlanTarget[] {
  return targets.filter((target) => {
    const node = document.nodeById(target.nodeId);
    const then = bound.get(target.nodeId)?.get(uri);
    return node === undefined || then === undefined || hashOf(document.textOf(node)) !== then;
  });
}
