// The library context in force (docs/AGENT-ENDPOINT.md "Library context"): also sent on connect as
// the `libraryContext` notification.
import { defineMethod, type MethodDefinition } from '../method';

const getLibraryContext = defineMethod({
  name: 'getLibraryContext',
  role: 'any',
  description: 'The library: modules, functions (name, signature, description, tags, vulnerable), policy; null if none.',
  params: { type: 'object', additionalProperties: false },
  recorded: false,
  readOnly: true,
  returns: { library: 'object|null' },
  wrap: 'library',
  handler: (_params, { host }) => host.library() ?? null,
});

export const LIBRARY_METHODS: readonly MethodDefinition[] = [getLibraryContext];
