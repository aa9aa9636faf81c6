// The endpoint room's public surface, for its transports (websocket/, mcp/) and the processes that
// start it (the language server, `whetstone-agent serve`): the listener with its guards and caps,
// the lock file agents find it by, and the contract a transport keeps.
export { DEFAULT_PORT, startAgentEndpoint, LOOPBACK, type AgentEndpoint, type AgentEndpointOptions } from './endpoint';
export { DEFAULT_CONNECTION_LIMITS, type ConnectionLimits } from './connection-gate';
export { defaultLockDir, removeLockFile, loadLockFile, lockFilePath, processOwner, type LockFileContents } from './lock-file';
export { checkPrivateFolder, LockFolderError } from './lock-folder';
export type { Transport, TransportHandler, TransportServices } from './transports';
