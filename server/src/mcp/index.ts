// The MCP room's public surface, for the rooms that compose processes (the language server, the
// command line): the /mcp route to give startAgentEndpoint, and the stdio bridge of
// `whetstone-agent mcp` with the discovery and the served endpoint it uses.
export { MCP_PATH, mcpRoute, type McpRouteLimits } from './http-route';
export { discoverEndpoint, type FoundEndpoint } from './endpoint-discovery';
export { startServedEndpoint, type ServedEndpoint } from './served-endpoint';
export { runStdioBridge, type BridgeTarget } from './stdio-bridge';
