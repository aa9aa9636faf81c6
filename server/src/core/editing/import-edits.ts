// The text edits that import one name of a module into a file, for completion's auto-import and
// the quick fix "Import 'name' from module": the name joins an existing `use module.{…}`, else a
// new `use module.{name};` goes after the last `use` (or first in the file). The mutations are the
// library policy's (importMutations), so the editor and agents write imports alike.
import type { TextEdit } from '../syntax/text-edits';
import { importedNames, topLevelNames } from '../queries';
import { importMutations } from './library-policy';
import { applyMutations, type MutationInput } from './mutate';

/**
 * The edits that make `name` of `module` visible in `document`, or undefined when the file binds
 * that name already at its top level (imported from any module, or declared): never a duplicate.
 */
export function importEdits(document: MutationInput, module: string, name: string): TextEdit[] | undefined {
  if (importedNames(document.ast).has(name) || topLevelNames(document.ast).has(name)) return undefined;
  let next = 0;
  const { edits } = applyMutations(document, importMutations(document.ast, [{ module, name }]), () => `node_import_${++next}`);
  return edits.length > 0 ? edits : undefined;
}
