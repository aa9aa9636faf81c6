// The fixes getDiagnostics shows are kept per session, bounded: the same fix shown again keeps its
// id, the oldest are forgotten past the bound, and an id forgotten or never given is refused.
import * as assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { keptFix, MAX_KEPT_FIXES, withFixIds } from '../../server/src/agent/diagnostic-fixes';
import type { RelatedDiagnostic } from '../../server/src/agent/diagnostic-related';
import { ErrorCode } from '../../server/src/agent/errors';
import { SocketSession } from '../../server/src/websocket/socket-session';
import type { OpenBuffer } from '../../server/src/workspace/buffer';
import type { Workspace } from '../../server/src/workspace/workspace';
import { agentFixture, type AgentFixture } from '../helpers/agent';

const URI = 'file:///w/a.wst';
/** No related entries here: no other buffer is looked up. */
const WORKSPACE = { get: () => undefined } as unknown as Workspace;
const at = (revision: number): OpenBuffer => ({ uri: URI, revision }) as unknown as OpenBuffer;

/** A diagnostic with one fix renaming node `n` to `name`. */
function diagnostic(n: number, name: string): RelatedDiagnostic {
  const span = { start: { line: 1, column: 0, offset: 0 }, end: { line: 1, column: 1, offset: 1 } };
  return { code: 'E_UNDEFINED', severity: 'error', message: 'x', nodeId: `node_${n}`, line: 1, column: 0, span, fix: [{ type: 'setProperty', nodeId: `node_${n}`, property: 'name', value: name }] } as unknown as RelatedDiagnostic;
}

describe('kept fixes', () => {
  it('gives the same fix the same id, forgets the oldest past the bound, and refuses an id it forgot or never gave', () => {
    const session = new SocketSession('refactor', () => undefined);
    const buffer = at(1);
    const [first] = withFixIds(session, WORKSPACE, buffer, [diagnostic(1, 'a')]);
    assert.equal(withFixIds(session, WORKSPACE, buffer, [diagnostic(1, 'a')])[0].fixId, first.fixId);
    assert.notEqual(withFixIds(session, WORKSPACE, at(2), [diagnostic(1, 'a')])[0].fixId, first.fixId, 'at another revision it is another fix');
    const many = withFixIds(session, WORKSPACE, at(3), Array.from({ length: MAX_KEPT_FIXES }, (_, n) => diagnostic(n + 10, 'b')));
    assert.equal(keptFix(session, many[MAX_KEPT_FIXES - 1].fixId!).revision, 3);
    for (const id of [first.fixId!, 'fix_0', 'node_1']) {
      assert.throws(() => keptFix(session, id), (error: { code: number }) => error.code === ErrorCode.InvalidParams, id);
    }
    // Another session was given none of them.
    assert.throws(() => keptFix(new SocketSession('refactor', () => undefined), many[0].fixId!), (error: { code: number }) => error.code === ErrorCode.InvalidParams);
  });

  let fixture: AgentFixture | undefined;
  afterEach(() => fixture?.dispose());

  it('refuses a fix whose file was closed and opened again since it was shown (-32012): its node ids are new', async () => {
    const text = 'let limit: number = "3";\nprint(limit);\n';
    fixture = await agentFixture({ 'a.wst': text });
    const uri = fixture.uri('a.wst');
    const { diagnostics } = await fixture.call<{ diagnostics: RelatedDiagnostic[] }>('getDiagnostics', { uri });
    const fixId = diagnostics[0]?.fixId;
    assert.ok(fixId, JSON.stringify(diagnostics));
    fixture.workspace.close(uri);
    fixture.host.openFile(uri, text);
    const error = await fixture.fails('applyBatch', { fixId }, ErrorCode.RevisionConflict);
    assert.match(error.message, /closed and opened again/);
    assert.equal(fixture.disk('a.wst'), text);
  });
});
