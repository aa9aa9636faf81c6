// What an approval is bound to (docs/AGENT-ENDPOINT.md "Plans"): the text of each target, in the
// one buffer the target names, as it was when its plan was proposed, which is what the person is
// shown. Node ids outlive edits, so without this a plan approved for one version of a function
// would delete whatever another session has since put into it; and ids repeat across files, so
// the binding is by file and id, never by id alone. Kept as hashes: the plan store holds many
// plans, and only equality counts.
import { createHash } from 'node:crypto';
import type { WhetstoneDocument } from '../../core/syntax';
import type { Workspace } from '../../workspace/workspace';
import type { BoundPlanTarget, PlanTarget } from '../host';

/** Per buffer URI, per target node id in it: a hash of the node's text. */
export type TargetTexts = ReadonlyMap<string, ReadonlyMap<string, string>>;

const hashOf = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The targets' texts now, each in its own buffer (a target whose node is not there has none). */
export function targetTexts(workspace: Workspace, targets: readonly BoundPlanTarget[]): TargetTexts {
  const texts = new Map<string, Map<string, string>>();
  for (const { uri, nodeId } of targets) {
    const document = workspace.get(uri)?.document;
    const node = document?.nodeById(nodeId);
    if (!document || !node) continue;
    const ofBuffer = texts.get(uri) ?? new Map<string, string>();
    ofBuffer.set(nodeId, hashOf(document.textOf(node)));
    texts.set(uri, ofBuffer);
  }
  return texts;
}

/**
 * The targets of a change of the buffer `uri` (its tree: `document`) whose text is not what it was
 * in that buffer when the plan was proposed, a target that was not there then included.
 */
export function changedTargets<T extends PlanTarget>(bound: TargetTexts, uri: string, document: WhetstoneDocument, targets: readonly T[]): T[] {
  return targets.filter((target) => {
    const node = document.nodeById(target.nodeId);
    const then = bound.get(uri)?.get(target.nodeId);
    return node === undefined || then === undefined || hashOf(document.textOf(node)) !== then;
  });
}
