// Entry point of the language server (bundled to dist/server.js). createConnection picks the
// transport from the command line: the VS Code client starts it with IPC, tests and other editors
// with --stdio (or --socket / --pipe).
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { startServer } from './server';

const connection = createConnection(ProposedFeatures.all);

// A bug in one handler must not end the server the person is typing into; the guards catch what
// handlers throw, this catches what escapes asynchronously.
const report = (what: string, error: unknown): void => {
  try {
    connection.console.error(`${what}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  } catch {
    // The connection is gone (the client quit); the server ends when its input does.
  }
};
process.on('uncaughtException', (error) => report('Uncaught exception', error));
process.on('unhandledRejection', (reason) => report('Unhandled rejection', reason));

startServer(connection);
connection.listen();
