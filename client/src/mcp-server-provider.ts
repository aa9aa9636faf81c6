// Registers the agent endpoint's MCP server with VS Code's own agents where VS Code has the API
// (vscode.lm.registerMcpServerDefinitionProvider, VS Code 1.101+): an HTTP server at the
// endpoint's /mcp. Its Authorization header is filled in only when VS Code starts the server
// (resolveMcpServerDefinition), with the token the language server hands over whetstone/mcpServer:
// the token is never written to settings or files. Where the API is missing (older VS Code,
// code-server builds without it) nothing is registered and everything else works as before.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { McpServerRequest } from '../../server/src/protocol/messages';
import type { AgentStatusView } from './agent-status';

/** The id in package.json's contributes.mcpServerDefinitionProviders. */
export const MCP_PROVIDER_ID = 'whetstone.agentEndpoint';
export const MCP_SERVER_LABEL = 'Whetstone';

/** The part of the vscode API this needs, which older versions do not have. */
interface McpApi {
  lm?: { registerMcpServerDefinitionProvider?: (id: string, provider: vscode.McpServerDefinitionProvider<vscode.McpHttpServerDefinition>) => vscode.Disposable };
  McpHttpServerDefinition?: typeof vscode.McpHttpServerDefinition;
}

export interface McpRegistration extends vscode.Disposable {
  /** Whether VS Code has the API and the provider is registered. */
  readonly registered: boolean;
  /** The definitions VS Code is given now (tests): the URL and version, no token. */
  definitions(): Promise<vscode.McpHttpServerDefinition[]>;
}

export function registerMcpServer(client: LanguageClient, status: AgentStatusView): McpRegistration {
  const api = vscode as unknown as McpApi;
  const Definition = api.McpHttpServerDefinition;
  const register = api.lm?.registerMcpServerDefinitionProvider;
  if (typeof register !== 'function' || typeof Definition !== 'function') {
    return { registered: false, definitions: () => Promise.resolve([]), dispose: () => undefined };
  }
  const changed = new vscode.EventEmitter<void>();
  const definitions = async (): Promise<vscode.McpHttpServerDefinition[]> => {
    if (!status.status?.running || !client.isRunning()) return [];
    const endpoint = await client.sendRequest(McpServerRequest);
    // The version changes when the endpoint starts again (a new token): VS Code then reconnects.
    return endpoint ? [new Definition(MCP_SERVER_LABEL, vscode.Uri.parse(endpoint.url), {}, endpoint.version)] : [];
  };
  const provider: vscode.McpServerDefinitionProvider<vscode.McpHttpServerDefinition> = {
    onDidChangeMcpServerDefinitions: changed.event,
    provideMcpServerDefinitions: () => definitions(),
    async resolveMcpServerDefinition(server) {
      const endpoint = await client.sendRequest(McpServerRequest);
      if (!endpoint) throw new Error('The Whetstone agent endpoint is not running (is the workspace trusted and whetstone.agentServer.enabled on?)');
      server.uri = vscode.Uri.parse(endpoint.url);
      server.headers = { ...server.headers, Authorization: `Bearer ${endpoint.token}` };
      return server;
    },
  };
  const registration = register.call(api.lm, MCP_PROVIDER_ID, provider);
  // Every status may follow a restart of the endpoint; VS Code compares the versions itself.
  let wasRunning = false;
  const watch = status.onDidChange((next) => {
    if (next.running || wasRunning) changed.fire();
    wasRunning = next.running;
  });
  return {
    registered: true,
    definitions,
    dispose: () => {
      watch.dispose();
      registration.dispose();
      changed.dispose();
    },
  };
}
