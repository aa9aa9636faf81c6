// The MCP room's public surface, for the rooms that compose processes (the language server, the
// command line): MCP at /mcp as a transport of startAgentEndpoint, the stdio bridge of
// `whetstone-agent mcp` with the discovery it uses, and the stdio server of `mcp --serve`.
export { MCP_PATH, mcpHttpTransport, type McpHttpLimits } from './http-transport';
export { discoverEndpoint, type FoundEndpoint } from './endpoint-discovery';
export { runStdioBridge, type BridgeTarget } from './stdio-bridge';
export { startStdioServer, type StdioServer } from './stdio-server';
