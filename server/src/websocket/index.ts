// The WebSocket transport's public surface, for the processes that start the endpoint.
export { webSocketTransport } from './websocket-transport';
