// `whetstone/activeEditor`: the client says which Whetstone editor the person is in (the agent
// API's "active structured buffer"). Only a buffer the client syncs can be that: a file or an
// untitled document. A plan's proposed side, a review or a preview is a view of another buffer,
// so a URI of any other scheme leaves the last Whetstone editor the person used active.
import type { ActiveEditorParams } from '../protocol/messages';
import type { Workspace } from '../workspace/workspace';

/** The schemes of the documents the client syncs (client/src/language-client.ts documentSelector). */
const BUFFER_SCHEMES = new Set(['file', 'untitled']);

function schemeOf(uri: string): string {
  return uri.slice(0, Math.max(0, uri.indexOf(':'))).toLowerCase();
}

export function setActiveEditor(workspace: Workspace, params: ActiveEditorParams | undefined): void {
  const uri = params?.uri;
  if (typeof uri === 'string') {
    if (BUFFER_SCHEMES.has(schemeOf(uri))) workspace.setActive(uri);
  } else if (uri === null) {
    workspace.setActive(null);
  }
}
