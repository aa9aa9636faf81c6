// The call hierarchy (prepare, incoming, outgoing) of top-level functions, across every file of the
// workspace, open or not (workspace/call-hierarchy.ts reads the index's reference summaries): an
// item names its function by the file declaring it and its name (`data`), so the incoming and
// outgoing questions find it again in whichever file, open or not. Calls from a file's top-level
// code come from an item for that file.
import {
  SymbolKind,
  type CallHierarchyIncomingCall,
  type CallHierarchyItem,
  type CallHierarchyOutgoingCall,
  type Position,
} from 'vscode-languageserver/node';
import { labelText } from '../protocol/display-text';
import type { OpenBuffer } from '../workspace/buffer';
import { incomingCalls, outgoingCalls } from '../workspace/call-hierarchy';
import type { FileIndex } from '../workspace/file-index';
import { declarationTarget, nameTargetAt, type NameTarget } from '../workspace/name-references';
import { offsetOf } from './convert';
import { summaryRange } from './summary-range';

interface ItemData {
  path: string;
  name: string;
}

export function prepareCallHierarchy(index: FileIndex, buffer: OpenBuffer, position: Position): CallHierarchyItem[] | null {
  const target = nameTargetAt(index, buffer, offsetOf(buffer.document, position), { outsideRoots: true });
  return target?.declaration.kind === 'function' ? [itemOf(target)] : null;
}

export function incomingCallsOf(index: FileIndex, item: CallHierarchyItem): CallHierarchyIncomingCall[] {
  const target = targetOf(index, item);
  if (!target) return [];
  return incomingCalls(index, target).map((call) => {
    const fromRanges = call.ranges.map(summaryRange);
    const from: CallHierarchyItem = call.caller
      ? { name: call.caller.name, kind: SymbolKind.Function, uri: call.file.uri, range: summaryRange(call.caller.span), selectionRange: summaryRange(call.caller.nameSpan), ...detail(call.caller.detail), data: { path: call.file.path, name: call.caller.name } satisfies ItemData }
      : // The file's top-level code: the file is the caller.
        { name: labelText(fileName(call.file.path)), kind: SymbolKind.File, uri: call.file.uri, range: fromRanges[0], selectionRange: fromRanges[0] };
    return { from, fromRanges };
  });
}

export function outgoingCallsOf(index: FileIndex, item: CallHierarchyItem): CallHierarchyOutgoingCall[] {
  const target = targetOf(index, item);
  if (!target) return [];
  return outgoingCalls(index, target).map((call) => ({ to: itemOf(call.callee), fromRanges: call.ranges.map(summaryRange) }));
}

function itemOf(target: NameTarget): CallHierarchyItem {
  const declaration = target.declaration;
  return {
    name: declaration.name,
    kind: SymbolKind.Function,
    uri: target.file.uri,
    range: summaryRange(declaration.span),
    selectionRange: summaryRange(declaration.nameSpan),
    ...detail(declaration.detail),
    data: { path: target.path, name: declaration.name } satisfies ItemData,
  };
}

function targetOf(index: FileIndex, item: CallHierarchyItem): NameTarget | undefined {
  const data = item.data as Partial<ItemData> | undefined;
  if (typeof data?.path !== 'string' || typeof data.name !== 'string') return undefined;
  const target = declarationTarget(index, data.path, data.name);
  return target?.declaration.kind === 'function' ? target : undefined;
}

/** The signature as written: file text, shown as plain text. */
function detail(text: string | undefined): { detail?: string } {
  return text === undefined ? {} : { detail: labelText(text) };
}

function fileName(path: string): string {
  return path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
}
