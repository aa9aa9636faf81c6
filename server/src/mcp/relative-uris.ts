// File URIs relative to the workspace's one source root, for MCP: a model reads and writes
// `core/text.wst` instead of the folder's full URI before every path. Only when the workspace has
// exactly one source root (headless `serve DIR`, or a VS Code workspace with one root) is a
// relative path unambiguous; otherwise URIs are given and taken whole, as on the WebSocket.
import { pathToFileURL } from 'node:url';
import type { AgentHost } from '../agent';

/** Where a file URI is written relative to (a folder's URI ending in `/`), or undefined to keep URIs whole. */
export type UriBase = string | undefined;

export function uriBase(host: AgentHost): UriBase {
  const roots = host.index?.sourceRoots ?? [];
  if (roots.length !== 1) return undefined;
  const href = pathToFileURL(roots[0].path).href;
  return href.endsWith('/') ? href : `${href}/`;
}

export function relativeUri(uri: string, base: UriBase): string {
  return base !== undefined && uri.startsWith(base) && uri.length > base.length ? uri.slice(base.length) : uri;
}

/** A relative path (no scheme) as the URI under the root; anything else as it is (the method judges it). */
export function absoluteUri(uri: string, base: UriBase): string {
  if (base === undefined || /^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(uri) || uri.startsWith('/') || uri.startsWith('\\')) return uri;
  try {
    return new URL(uri, base).href;
  } catch {
    return uri;
  }
}

/**
 * A tool's arguments with relative paths made URIs where a uri is taken: `uri`, listFiles'
 * `cursor`, each of applyBatch's mutations' and proposePlan's targets' `uri`, and the keys of
 * `ifRevisions`.
 */
export function toolArguments(args: Record<string, unknown>, base: UriBase): Record<string, unknown> {
  if (base === undefined) return args;
  const out: Record<string, unknown> = { ...args };
  if (typeof out.uri === 'string') out.uri = absoluteUri(out.uri, base);
  if (typeof out.cursor === 'string') out.cursor = absoluteUri(out.cursor, base);
  for (const list of ['mutations', 'targets']) {
    const items = out[list];
    if (Array.isArray(items)) out[list] = items.map((item: unknown) => (isRecord(item) && typeof item.uri === 'string' ? { ...item, uri: absoluteUri(item.uri, base) } : item));
  }
  if (isRecord(out.ifRevisions)) out.ifRevisions = Object.fromEntries(Object.entries(out.ifRevisions).map(([uri, revision]) => [absoluteUri(uri, base), revision]));
  return out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
