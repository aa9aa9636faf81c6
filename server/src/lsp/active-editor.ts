// The notification `whetstone/activeEditor {uri | null}`: the client says which Whetstone editor
// the person is in (the agent API's "active structured buffer").
import { NotificationType } from 'vscode-languageserver/node';
import type { Workspace } from '../workspace/workspace';

export interface ActiveEditorParams {
  uri: string | null;
}

export const ActiveEditorNotification = new NotificationType<ActiveEditorParams>('whetstone/activeEditor');

export function setActiveEditor(workspace: Workspace, params: ActiveEditorParams | undefined): void {
  const uri = params?.uri;
  workspace.setActive(typeof uri === 'string' ? uri : null);
}
