// renameSymbol (docs/AGENT-ENDPOINT.md "Rename"): a declaration and every reference to it renamed
// by the language's scope rules (the core's rename, the editor's F2), in its buffer and in every
// file that imports it — in VS Code, importers nobody has open are opened as documents first (for
// a field of a declared type: the keys and members its values have in the buffers importing the
// declaring one) — as one change per buffer (one undo step each). Every
// buffer's change is previewed through the mutation pipeline before any is applied, so a refusal
// anywhere changes nothing; should applying a later buffer still fail (the person typed in it
// meanwhile), the buffers already changed are changed back.
import { importedFieldRenameMutations, importRenameMutations, moduleNamesPath, nameOffsetOf, renameMutations } from '../../core/editing';
import type { SetPropertyMutation } from '../../core/ast';
import type { OpenBuffer } from '../../workspace/buffer';
import { pathOfBufferUri } from '../../workspace/buffer-path';
import { checkRevision, nodeIn, resolveBuffer } from '../buffers';
import { BUFFER_RESULT, defineMethod, type MethodDefinition } from '../method';
import { applyFiles, previewFiles, type FileChange } from '../multi-file-change';
import { ID, NAME, URI } from '../param-bounds';
import { renameRefused } from '../rename-expansion';
import { reachImporters } from '../importers';

const renameSymbol = defineMethod({
  name: 'renameSymbol',
  role: 'refactor',
  description:
    'Rename a declaration and its references (nodeId: it or a use) by scope rules, in importing files too; one undo step per file; notes: what was left alone.',
  params: {
    type: 'object',
    properties: {
      nodeId: ID,
      newName: NAME,
      ifRevision: { type: 'integer' },
      dryRun: { type: 'boolean' },
      uri: URI,
    },
    required: ['nodeId', 'newName'],
    additionalProperties: false,
  },
  recorded: true,
  errors: '-32010 (data.reason): a keyword or a clash.',
  returns: { success: 'boolean', oldName: 'string', newName: 'string', notes: 'array', changes: 'array', dryRun: 'boolean', ...BUFFER_RESULT },
  async handler(params, context) {
    const { host } = context;
    const buffer = resolveBuffer(host, params.uri);
    checkRevision(buffer, params.ifRevision);
    const node = nodeIn(buffer, params.nodeId);
    const own = renameMutations(buffer.document, buffer.analysis(), nameOffsetOf(buffer.document, node.id) ?? node.span.startOffset, params.newName);
    if (!own.ok) throw renameRefused(own.reason, node.id, params.newName);
    const notes = [...own.notes];
    const changes: { buffer: OpenBuffer; revision: number; mutations: Record<string, unknown>[] }[] = [
      { buffer, revision: buffer.revision, mutations: own.mutations as unknown as Record<string, unknown>[] },
    ];
    if (own.exported || own.fieldOf) {
      // Importers nobody has open become buffers first, so none is left behind.
      await reachImporters(host, buffer);
      const declaredIn = pathOfBufferUri(buffer.uri);
      const importsFrom = (module: string): boolean => moduleNamesPath(module, declaredIn);
      const declaring = { document: buffer.document, model: buffer.analysis() };
      for (const other of host.workspace.all()) {
        // A buffer importing nothing from the declaring one has nothing to rename (and needs no analysis to tell).
        if (other.uri === buffer.uri || !other.document.ast.children.some((child) => child.type === 'ImportDeclaration' && importsFrom(child.module))) continue;
        const importer = { document: other.document, model: other.analysis() };
        const imported: { ok: true; mutations: SetPropertyMutation[]; notes?: string[] } | { ok: false; reason: string } = own.fieldOf
          ? importedFieldRenameMutations(declaring, importer, importsFrom, own.fieldOf, own.oldName, params.newName)
          : importRenameMutations(importer.document, importer.model, importsFrom, own.oldName, params.newName);
        if (!imported.ok) throw renameRefused(`in ${other.uri}: ${imported.reason}`, node.id, params.newName);
        notes.push(...(imported.notes ?? []).map((note) => `in ${other.uri}: ${note}`));
        if (imported.mutations.length > 0) changes.push({ buffer: other, revision: other.revision, mutations: imported.mutations as unknown as Record<string, unknown>[] });
      }
    }
    const label = `${context.session.name || context.session.id}: rename ${own.oldName} to ${params.newName}`;
    const files: FileChange[] = changes.map((change) => ({ uri: change.buffer.uri, ifRevision: change.revision, mutations: change.mutations }));
    const head = { success: true, oldName: own.oldName, newName: params.newName, uri: buffer.uri, notes };
    if (params.dryRun === true) {
      const previews = await previewFiles(context, files, { label, withoutBrokenCallers: true, withoutWarning: true });
      return {
        ...head,
        dryRun: true,
        revision: buffer.revision,
        changes: previews.map((preview) => ({ uri: preview.uri, revision: preview.revision, changedNodeIds: preview.changedNodeIds, edits: preview.edits, diagnosticsAfter: preview.diagnosticsAfter })),
      };
    }
    // Its answer gives each file's diagnostics, not the warnings of what a change adds.
    const applied = await applyFiles(context, files, { label, withoutBrokenCallers: true, withoutWarning: true });
    return {
      ...head,
      revision: applied[0]?.revision ?? buffer.revision,
      changes: applied.map((done) => ({ uri: done.uri, revision: done.revision, changedNodeIds: done.changedNodeIds, diagnostics: done.diagnostics })),
    };
  },
});

export const RENAME_METHODS: readonly MethodDefinition[] = [renameSymbol];
