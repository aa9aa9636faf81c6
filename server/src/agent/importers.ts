// The files a change must reach because they import the file it changes (renameSymbol's
// importers, brokenCallers): the workspace index knows them, open or not, and those nobody has
// open are made buffers (AgentHost.reachFiles). While the index is still being built its answer
// would miss files, so the host answers once it is built.
import type { OpenBuffer } from '../workspace/buffer';
import type { AgentHost } from './host';

/** How many importers nobody has open one change may open (each becomes a buffer). */
export const MAX_IMPORTERS_OPENED = 500;

/** The importers of `buffer`'s file as the index knows them, each a buffer now; [] where the host has no index (every file is a buffer). */
export async function reachImporters(host: AgentHost, buffer: OpenBuffer): Promise<string[]> {
  if (!host.importersOf) return [];
  const importers = (await host.importersOf(buffer.uri)) ?? [];
  if (importers.length > 0 && host.reachFiles) await host.reachFiles(importers, { max: MAX_IMPORTERS_OPENED });
  return importers;
}

/**
 * Whether a file may import `buffer`'s: by the index (while it is being built, perhaps: nothing
 * waits for it here), or (without one) by the open buffers' `use` lines.
 */
export async function mayHaveImporters(host: AgentHost, buffer: OpenBuffer, importsIt: (other: OpenBuffer) => boolean): Promise<boolean> {
  const indexed = host.importersOf ? await host.importersOf(buffer.uri, { wait: false }) : [];
  if (indexed === undefined || indexed.length > 0) return true;
  return host.workspace.all().some((other) => other !== buffer && importsIt(other));
}
