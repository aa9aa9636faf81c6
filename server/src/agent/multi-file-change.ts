// A change of several files as one: renameSymbol across files, and applyBatch when its mutations
// name their files. Every file's change is previewed through the pipeline before any applies, so
// a refusal in one file changes none; a plan the change needs is checked for every file and held
// once for all of them; then each file's change applies in turn (one undo step per file), made for
// the revision it was previewed at, and should a later one still fail (the person typed in it
// meanwhile), the files already changed are changed back.
import { AgentError } from './errors';
import type { MethodContext } from './method';
import { runChange, runUndo, type AppliedChange, type PipelineOptions, type PreviewedChange } from './mutation-pipeline';
import { checkApprovedPlan, holdPlan, type PlanUse } from './plans/plan-gate';
import { exportsAfterEdits } from './review-preflight';
import type { ModuleExports } from '../core/semantics';

/** One file's part of the change. */
export interface FileChange {
  uri: string;
  /** The revision the agent read the file at, if it says. */
  ifRevision?: number;
  mutations: readonly Record<string, unknown>[];
}

/** The options of every file's change (each file brings its own uri and revision). */
export type SharedOptions = Omit<PipelineOptions, 'uri' | 'ifRevision' | 'dryRun' | 'planHeldByCaller' | 'prepared'>;

/**
 * Every file's change previewed (dryRun), in order; a refusal names its file (data.uri). With
 * `checksOnly`, only what decides whether it may apply (no diagnostics after it). Otherwise each
 * file's diagnostics after are those it will have with every file changed: the checks run first,
 * and each file is then analysed against what the others will export.
 */
export async function previewFiles(context: MethodContext, files: readonly FileChange[], options: SharedOptions): Promise<PreviewedChange[]> {
  if (options.checksOnly === true || files.length < 2) return previewEach(context, files, options);
  const checked = await previewEach(context, files, { ...options, checksOnly: true, withoutBrokenCallers: true });
  const exportsAfter = new Map<string, ModuleExports>();
  for (const preview of checked) {
    const buffer = context.host.workspace.get(preview.uri);
    if (buffer) exportsAfter.set(preview.uri, exportsAfterEdits(context.host.workspace, buffer, preview.edits, context.host.library()));
  }
  return previewEach(context, files, { ...options, exportsAfter });
}

async function previewEach(context: MethodContext, files: readonly FileChange[], options: SharedOptions): Promise<PreviewedChange[]> {
  const previews: PreviewedChange[] = [];
  for (const file of files) {
    try {
      const preview = await runChange(context, file.mutations, { ...options, uri: file.uri, ifRevision: file.ifRevision, dryRun: true });
      if (preview.dryRun) previews.push(preview);
    } catch (error) {
      throw inFile(error, file.uri);
    }
  }
  return previews;
}

/** Previews every file's change, then applies them all or (as far as it can) none. */
export async function applyFiles(context: MethodContext, files: readonly FileChange[], options: SharedOptions): Promise<AppliedChange[]> {
  const previews = await previewFiles(context, files, { ...options, checksOnly: true });
  const plan = holdPlanFor(context, previews, options.planId);
  const applied: AppliedChange[] = [];
  for (const [index, file] of files.entries()) {
    try {
      // Each file's change as its preview checked it, unless the file changed since.
      const done = await runChange(context, file.mutations, { ...options, uri: file.uri, ifRevision: previews[index].revision, planHeldByCaller: plan !== undefined, prepared: previews[index] });
      if (!done.dryRun) applied.push(done);
    } catch (error) {
      plan?.release();
      const restored = await changeBack(context, applied);
      if (!(error instanceof AgentError)) throw error;
      throw new AgentError(error.code, `${error.message} (in ${file.uri}); ${restored ? 'the files changed before it were changed back' : 'some files changed before it could not be changed back: see changedBuffers'}`, {
        ...error.data,
        failedUri: file.uri,
        changedBuffers: restored ? [] : applied.map((done) => done.uri),
      });
    }
  }
  plan?.applied();
  return applied;
}

/** The plan the previews' destructive targets need, checked for each file and held for all; undefined when none is needed. */
function holdPlanFor(context: MethodContext, previews: readonly PreviewedChange[], planId: string | undefined): PlanUse | undefined {
  const gated = previews.filter((preview) => preview.planTargets.length > 0);
  if (gated.length === 0) return undefined;
  for (const preview of gated) {
    const buffer = context.host.workspace.get(preview.uri);
    if (!buffer) continue;
    try {
      checkApprovedPlan(context, planId, preview.planTargets, buffer);
    } catch (error) {
      throw inFile(error, preview.uri);
    }
  }
  return planId === undefined ? undefined : holdPlan(context, planId);
}

/** Undoes the changes already applied, newest first, each in its turn; false when one of them could not be. */
export async function changeBack(context: MethodContext, applied: readonly AppliedChange[]): Promise<boolean> {
  let all = true;
  for (const done of [...applied].reverse()) {
    try {
      await runUndo(context, done.uri);
    } catch {
      // Closed, changed since, or refused by the host: that file stays changed (changedBuffers).
      all = false;
    }
  }
  return all;
}

/** The error with the file it happened in (data.uri), unless it names one already. */
function inFile(error: unknown, uri: string): unknown {
  if (!(error instanceof AgentError)) return error;
  const data = (error.data ?? {}) as Record<string, unknown>;
  if (typeof data.uri === 'string') return error;
  return new AgentError(error.code, `${error.message} (in ${uri})`, { ...data, uri });
}
