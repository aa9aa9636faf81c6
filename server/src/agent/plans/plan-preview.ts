// What a plan's targets are right now, for the person deciding it: each targeted node's type,
// where it is and its source text (what a delete removes, what an update replaces). Built from the
// workspace's buffers, so the VS Code review and the headless prompt show the same thing.
import type { Node } from '../../core/ast';
import type { OpenBuffer } from '../../workspace/buffer';
import type { Workspace } from '../../workspace/workspace';
import type { PlanTarget } from '../host';

/** Longer node texts are cut here (a plan over a whole file should not make a huge prompt). */
export const MAX_PREVIEW_CHARS = 4000;

export interface TargetPreview {
  op: string;
  nodeId: string;
  /** False when the buffer the target names has no such node (it was deleted or never existed). */
  found: boolean;
  /** The buffer the target names (absent only for a target without uri found nowhere). */
  uri?: string;
  nodeType?: string;
  /** The node's name when it has one (functions, variables, types…). */
  name?: string;
  /** 1-based, as in the AST. */
  startLine?: number;
  endLine?: number;
  /** The node's source text, at most MAX_PREVIEW_CHARS. */
  text?: string;
  truncated?: boolean;
}

export interface PlanPreview {
  targets: TargetPreview[];
}

/**
 * The buffer a target names: its `uri`'s when it has one (nothing else: ids repeat across files),
 * else the buffer the person would be shown it in, the active one first, then the other open ones.
 * proposePlan binds a target without `uri` this way, so the person and the gate see the same node.
 */
export function bufferOfTarget(workspace: Workspace, target: PlanTarget): OpenBuffer | undefined {
  if (target.uri !== undefined) {
    const buffer = workspace.get(target.uri);
    return buffer?.document.nodeById(target.nodeId) ? buffer : undefined;
  }
  const active = workspace.active();
  const buffers = active ? [active, ...workspace.all().filter((buffer) => buffer !== active)] : workspace.all();
  return buffers.find((buffer) => buffer.document.nodeById(target.nodeId) !== undefined);
}

/** Looks each target up in the buffer it names (bufferOfTarget). */
export function planPreview(workspace: Workspace, targets: readonly PlanTarget[]): PlanPreview {
  return {
    targets: targets.map((target) => {
      const buffer = bufferOfTarget(workspace, target);
      const node: Node | undefined = buffer?.document.nodeById(target.nodeId);
      if (!buffer || !node) return { op: target.op, nodeId: target.nodeId, found: false, ...(target.uri === undefined ? {} : { uri: target.uri }) };
      const text = buffer.document.textOf(node);
      const preview: TargetPreview = {
        op: target.op,
        nodeId: target.nodeId,
        found: true,
        uri: buffer.uri,
        nodeType: node.type,
        startLine: node.span.start.line,
        endLine: node.span.end.line,
        text: text.length > MAX_PREVIEW_CHARS ? text.slice(0, MAX_PREVIEW_CHARS) : text,
      };
      if ('name' in node && typeof node.name === 'string') preview.name = node.name;
      if (text.length > MAX_PREVIEW_CHARS) preview.truncated = true;
      return preview;
    }),
  };
}
