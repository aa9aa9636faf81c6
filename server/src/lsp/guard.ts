// Bad input must never take the server down: every handler runs inside a guard that logs what
// went wrong and answers with an empty result (or a ResponseError, which the client shows)
// instead of letting the exception escape into the connection.
import { ResponseError, type Connection } from 'vscode-languageserver/node';

export type Log = (message: string, error?: unknown) => void;

export function makeLog(connection: Connection): Log {
  return (message, error) => {
    const detail = error === undefined ? '' : `: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
    try {
      connection.console.error(`${message}${detail}`);
    } catch {
      // The connection itself may be what failed; there is nowhere else to write to on stdio.
    }
  };
}

/** Wraps a request handler: an exception becomes `fallback` (a ResponseError is passed through). */
export function guarded<P, R, F>(log: Log, name: string, fallback: F, handler: (params: P) => R | Promise<R>): (params: P) => Promise<R | F | ResponseError<void>> {
  return async (params: P) => {
    try {
      return await handler(params);
    } catch (error) {
      if (error instanceof ResponseError) return error as ResponseError<void>;
      log(`${name} failed`, error);
      return fallback;
    }
  };
}

/** Wraps a notification handler: an exception is logged and dropped. */
export function guardedNotification<P>(log: Log, name: string, handler: (params: P) => void | Promise<void>): (params: P) => Promise<void> {
  return async (params: P) => {
    try {
      await handler(params);
    } catch (error) {
      log(`${name} failed`, error);
    }
  };
}
