// The files a change must reach because they import the file it changes (renameSymbol's
// importers, brokenCallers): the workspace index knows them, open or not, and those nobody has
// open are made buffers (AgentHost.reachFiles). While the index is still being built its answer
// would miss files, so the change is refused with -32001 rather than left incomplete.
import type { OpenBuffer } from '../workspace/buffer';
import { AgentError, ErrorCode } from './errors';
import type { AgentHost } from './host';

/** How many importers nobody has open one change may open (each becomes a buffer). */
export const MAX_IMPORTERS_OPENED = 500;

/**
 * The importers of `buffer`'s file as the index knows them, each a buffer now; [] where the host
 * has no index (every file is a buffer). -32001 while the index is being built.
 */
export async function reachImporters(host: AgentHost, buffer: OpenBuffer): Promise<string[]> {
  if (!host.importersOf) return [];
  const importers = host.importersOf(buffer.uri);
  if (importers === undefined) {
    throw new AgentError(ErrorCode.AstUnavailable, `AST unavailable: the workspace index is still being built, so the files importing ${buffer.uri} are not all known yet; nothing changed`, {
      uri: buffer.uri,
      hint: 'Retry in a moment: a change that reaches every importer waits for the index.',
    });
  }
  if (importers.length > 0 && host.reachFiles) await host.reachFiles(importers, { max: MAX_IMPORTERS_OPENED });
  return importers;
}

/** Whether any file may import `buffer`'s: by the index, or (without one) by the open buffers' `use` lines. */
export function mayHaveImporters(host: AgentHost, buffer: OpenBuffer, importsIt: (other: OpenBuffer) => boolean): boolean {
  const indexed = host.importersOf?.(buffer.uri);
  if (indexed === undefined && host.importersOf) return true;
  if (indexed !== undefined && indexed.length > 0) return true;
  return host.workspace.all().some((other) => other !== buffer && importsIt(other));
}
