// `{type: "rename", nodeId, newName}` in applyBatch (and applyMutation): a rename of the name that
// node stands for, in this buffer, by the core's rename rules (renameSymbol also updates the
// buffers that import it). It becomes the setProperty mutations of every token of that name,
// computed on the buffer as it is before the batch, and takes the rename's place in the batch.
import { nameOffsetOf, renameMutations } from '../core/editing';
import type { OpenBuffer } from '../workspace/buffer';
import { nodeIn } from './buffers';
import { AgentError, ErrorCode } from './errors';

export function expandRenames(buffer: OpenBuffer, mutations: readonly Record<string, unknown>[]): Record<string, unknown>[] {
  if (!mutations.some((mutation) => mutation.type === 'rename')) return [...mutations];
  const out: Record<string, unknown>[] = [];
  mutations.forEach((mutation, index) => {
    if (mutation.type !== 'rename') {
      out.push(mutation);
      return;
    }
    const node = nodeIn(buffer, String(mutation.nodeId));
    const newName = String(mutation.newName);
    const plan = renameMutations(buffer.document, buffer.analysis(), nameOffsetOf(buffer.document, node.id) ?? node.span.startOffset, newName);
    if (!plan.ok) throw renameRefused(plan.reason, node.id, newName, index);
    // A batch's answer has no place to say what a field's rename left alone: renameSymbol does.
    if (plan.notes.length > 0) throw renameRefused(`it would leave uses of '${plan.oldName}' alone (${plan.notes.join('; ')}); renameSymbol renames and reports them`, node.id, newName, index);
    out.push(...(plan.mutations as unknown as Record<string, unknown>[]));
  });
  return out;
}

/** -32010 for a rename the rules refuse; nothing changed. */
export function renameRefused(reason: string, nodeId: string, newName: string, index?: number): AgentError {
  return new AgentError(ErrorCode.MutationFailed, `Rename refused: ${reason}; nothing changed`, {
    ...(index === undefined ? {} : { index }),
    nodeId,
    newName,
    reason,
    hint: 'Choose another name: not a keyword, a valid identifier, and not one that clashes with or is captured by a name in scope (getInScopeSymbols lists them).',
  });
}
