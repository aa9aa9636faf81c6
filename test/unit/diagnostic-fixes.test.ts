// The fixes getDiagnostics shows are kept per session, bounded: the same fix shown again keeps its
// id, the oldest are forgotten past the bound, and an id forgotten or never given is refused.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { keptFix, MAX_KEPT_FIXES, withFixIds } from '../../server/src/agent/diagnostic-fixes';
import type { RelatedDiagnostic } from '../../server/src/agent/diagnostic-related';
import { ErrorCode } from '../../server/src/agent/errors';
import { SocketSession } from '../../server/src/websocket/socket-session';

const URI = 'file:///w/a.wst';

/** A diagnostic with one fix renaming node `n` to `name`. */
function diagnostic(n: number, name: string): RelatedDiagnostic {
  const span = { start: { line: 1, column: 0, offset: 0 }, end: { line: 1, column: 1, offset: 1 } };
  return { code: 'E_UNDEFINED', severity: 'error', message: 'x', nodeId: `node_${n}`, line: 1, column: 0, span, fix: [{ type: 'setProperty', nodeId: `node_${n}`, property: 'name', value: name }] } as unknown as RelatedDiagnostic;
}

describe('kept fixes', () => {
  it('gives the same fix the same id, forgets the oldest past the bound, and refuses an id it forgot or never gave', () => {
    const session = new SocketSession('refactor', () => undefined);
    const [first] = withFixIds(session, URI, 1, [diagnostic(1, 'a')]);
    assert.equal(withFixIds(session, URI, 1, [diagnostic(1, 'a')])[0].fixId, first.fixId);
    assert.notEqual(withFixIds(session, URI, 2, [diagnostic(1, 'a')])[0].fixId, first.fixId, 'at another revision it is another fix');
    const many = withFixIds(session, URI, 3, Array.from({ length: MAX_KEPT_FIXES }, (_, n) => diagnostic(n + 10, 'b')));
    assert.equal(keptFix(session, many[MAX_KEPT_FIXES - 1].fixId!).revision, 3);
    for (const id of [first.fixId!, 'fix_0', 'node_1']) {
      assert.throws(() => keptFix(session, id), (error: { code: number }) => error.code === ErrorCode.InvalidParams, id);
    }
    // Another session was given none of them.
    assert.throws(() => keptFix(new SocketSession('refactor', () => undefined), many[0].fixId!), (error: { code: number }) => error.code === ErrorCode.InvalidParams);
  });
});
