// docs/AGENT-ENDPOINT.md "Revisions and conflicts": every change of an open buffer (the person
// typing, another agent, a file edited on disk) gives it a new revision, and every connected
// session hears `bufferChanged {uri, revision}`, so an agent knows its ids and revisions may be out
// of date before it tries a change.
import type { Disposable } from '../workspace/events';
import type { AgentHost } from './host';

export function notifyBufferChanges(host: AgentHost): Disposable {
  return host.workspace.onDidChange(({ buffer }) => {
    const params = { uri: buffer.uri, revision: buffer.revision };
    for (const session of host.sessions()) if (session.connected) session.notify('bufferChanged', params);
  });
}
