// How method handlers find what a request names: the buffer (`uri`, or the active structured
// buffer) and a node in it. The errors say what to do next (docs/AGENT-ENDPOINT.md "Every result").
import type { Node } from '../core/ast';
import type { OpenBuffer } from '../workspace/buffer';
import { AgentError, ErrorCode } from './errors';
import type { AgentHost } from './host';

/**
 * The buffer a request works on: the one `uri` names, else the active one. Fails with -32000 when
 * neither is there, and -32001 when the active editor's document is not (yet) open here.
 */
export function resolveBuffer(host: AgentHost, uri: string | undefined): OpenBuffer {
  const { workspace } = host;
  const openUris = (): string => workspace.all().map((buffer) => buffer.uri).join(', ') || 'none';
  if (uri !== undefined) {
    const buffer = workspace.get(uri);
    if (buffer) return buffer;
    throw new AgentError(ErrorCode.NoStructuredBuffer, `No structured buffer: ${uri} is not open`, {
      uri,
      hint: `Open buffers: ${openUris()} (listBuffers lists them).`,
    });
  }
  const active = workspace.active();
  if (active) return active;
  const activeUri = workspace.activeBufferUri;
  if (activeUri !== null) {
    throw new AgentError(ErrorCode.AstUnavailable, `AST unavailable: the active editor shows ${activeUri}, which the language server has not opened (yet)`, {
      uri: activeUri,
      hint: `Retry in a moment, or pass uri naming an open buffer (open: ${openUris()}).`,
    });
  }
  throw new AgentError(ErrorCode.NoStructuredBuffer, 'No structured buffer active: no Whetstone (.wst) editor is active', {
    hint: `Open a .wst file in the editor, or pass uri naming an open buffer (open: ${openUris()}).`,
  });
}

/** The node with that id in the buffer's current tree, or -32002. */
export function nodeIn(buffer: OpenBuffer, nodeId: string): Node {
  const node = buffer.document.nodeById(nodeId);
  if (node) return node;
  throw new AgentError(ErrorCode.NodeNotFound, `Node not found: no node ${nodeId} in ${buffer.uri} (revision ${buffer.revision})`, {
    nodeId,
    uri: buffer.uri,
    revision: buffer.revision,
    hint: 'Ids stay stable across edits and disappear only with their node: read the AST again (getAST) or search with findNodes.',
  });
}

/** -32012 when the caller expects another revision than the buffer's; nothing has changed. */
export function checkRevision(buffer: OpenBuffer, ifRevision: number | undefined): void {
  if (ifRevision === undefined || ifRevision === buffer.revision) return;
  throw revisionConflict(buffer.uri, buffer.revision, ifRevision);
}

/**
 * -32012: the buffer is at `currentRevision`, not at the revision the change was made for (read by
 * the agent, or computed against); `why` adds what the editor said, if it refused the edit.
 */
export function revisionConflict(uri: string, currentRevision: number, madeFor: number, why?: string): AgentError {
  const detail = why ? ` (${why})` : '';
  return new AgentError(ErrorCode.RevisionConflict, `Revision conflict: ${uri} is at revision ${currentRevision}, the change was made for revision ${madeFor}; nothing changed${detail}`, {
    currentRevision,
    hint: 'The buffer changed since you read it (the person or another agent edited it): read it again (getAST or getNode) and retry with ifRevision set to its revision.',
  });
}
