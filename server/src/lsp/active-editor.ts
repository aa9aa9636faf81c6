// `whetstone/activeEditor`: the client says which Whetstone editor the person is in (the agent
// API's "active structured buffer").
import type { ActiveEditorParams } from '../protocol/messages';
import type { Workspace } from '../workspace/workspace';

export function setActiveEditor(workspace: Workspace, params: ActiveEditorParams | undefined): void {
  const uri = params?.uri;
  workspace.setActive(typeof uri === 'string' ? uri : null);
}
