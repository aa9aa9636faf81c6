// The fixes getDiagnostics shows, each under a short id an agent passes back to applyBatch
// (`fixId`) instead of copying the fix's mutations: the server keeps what it showed, with the file
// and revision the fix was made for, so a fix is applied only to the text it was made for (a file
// changed since is stale, -32012, and so is a file closed since: opened again, its node ids are
// new), and the answer can say whether the diagnostic it was for is gone. Kept per session, the
// most recent ones only.
import type { Mutation } from '../core/ast';
import type { OpenBuffer } from '../workspace/buffer';
import type { Workspace } from '../workspace/workspace';
import type { RelatedDiagnostic } from './diagnostic-related';
import { AgentError, ErrorCode } from './errors';
import type { Session } from './session';

/** Fixes kept per session; an older one is forgotten and its id refused (getDiagnostics again gives a new one). */
export const MAX_KEPT_FIXES = 1000;

export interface KeptFix {
  /** The file the fix changes, and its revision when the fix was shown. */
  uri: string;
  revision: number;
  /** The buffer it was made for: not kept alive by the fix. */
  buffer: WeakRef<OpenBuffer>;
  mutations: Mutation[];
  /** The diagnostic the fix is for: its file, code and node. */
  diagnostic: { uri: string; code: string; nodeId: string };
}

interface FixStore {
  next: number;
  /** By id, oldest first. */
  byId: Map<string, KeptFix>;
  /** The id of a fix already shown, by its file, revision and mutations: shown again, the same id. */
  idByKey: Map<string, string>;
}

const STATE_KEY = 'diagnostics.fixes';

function storeOf(session: Session): FixStore {
  let store = session.state.get(STATE_KEY) as FixStore | undefined;
  if (!store) {
    store = { next: 1, byId: new Map(), idByKey: new Map() };
    session.state.set(STATE_KEY, store);
  }
  return store;
}

function keep(session: Session, fix: KeptFix): string {
  const store = storeOf(session);
  const key = JSON.stringify([fix.uri, fix.revision, fix.mutations]);
  const known = store.idByKey.get(key);
  if (known !== undefined && store.byId.has(known)) return known;
  const id = `fix_${store.next++}`;
  store.byId.set(id, fix);
  store.idByKey.set(key, id);
  while (store.byId.size > MAX_KEPT_FIXES) {
    const [oldest, kept] = store.byId.entries().next().value as [string, KeptFix];
    store.byId.delete(oldest);
    store.idByKey.delete(JSON.stringify([kept.uri, kept.revision, kept.mutations]));
  }
  return id;
}

/** The diagnostics of `buffer` with a `fixId` beside each fix, their related entries' fixes (in the buffers of `workspace`) included. */
export function withFixIds(session: Session, workspace: Workspace, buffer: OpenBuffer, diagnostics: readonly RelatedDiagnostic[]): RelatedDiagnostic[] {
  const uri = buffer.uri;
  return diagnostics.map(({ related: relatedAs, ...diagnostic }) => {
    const about = { uri, code: diagnostic.code, nodeId: diagnostic.nodeId };
    const fixId = diagnostic.fix && diagnostic.fix.length > 0 ? keep(session, { uri, revision: buffer.revision, buffer: new WeakRef(buffer), mutations: diagnostic.fix, diagnostic: about }) : undefined;
    const related = relatedAs?.map((entry) => {
      const declaring = entry.fix && entry.revision !== undefined ? workspace.get(entry.uri) : undefined;
      return declaring && entry.fix ? { ...entry, fixId: keep(session, { uri: entry.uri, revision: declaring.revision, buffer: new WeakRef(declaring), mutations: entry.fix, diagnostic: about }) } : entry;
    });
    return { ...diagnostic, ...(fixId !== undefined ? { fixId } : {}), ...(related ? { related } : {}) };
  });
}

/** The fix shown to this session under `fixId`; an id it was not given (or has forgotten) is -32602. */
export function keptFix(session: Session, fixId: string): KeptFix {
  const fix = storeOf(session).byId.get(fixId);
  if (!fix) {
    throw new AgentError(ErrorCode.InvalidParams, 'Invalid params: fixId names no fix shown to this session (or one of the older ones, forgotten)', {
      field: 'fixId',
      hint: 'Call getDiagnostics again and pass the fixId it gives.',
    });
  }
  return fix;
}

/**
 * The call's arguments with what its `fixId` names, the fix's file (`uri`) and `mutations`, for
 * answers that do not say back what the call named; as they are without a fixId kept here.
 */
export function withFixNamed(session: Session, args: Record<string, unknown>): Record<string, unknown> {
  const fix = typeof args.fixId === 'string' ? storeOf(session).byId.get(args.fixId) : undefined;
  return fix ? { ...args, uri: fix.uri, mutations: fix.mutations } : args;
}
