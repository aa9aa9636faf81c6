// The sizes params may have (docs/AGENT-ENDPOINT.md "Bounds"): every string and array a method accepts has a
// maximum, so that what a request makes the server keep (a recording, a plan, the feedback model)
// is bounded by construction and a wrong size is refused at once with -32602 naming the field.
// The method schemas take their pieces from here; test/unit/param-bounds.test.ts walks them all.

/** Node ids, plan ids and other ids the server hands out (and agents may choose, for plans). */
export const MAX_ID_LENGTH = 200;
/** Buffer URIs (a path of PATH_MAX, encoded). */
export const MAX_URI_LENGTH = 4096;
/** Names: node types, roles, properties, method names, agent and workflow names, languages. */
export const MAX_NAME_LENGTH = 200;
/** What a person reads: a plan's reason, one step, a decision's reason. */
export const MAX_REASON_LENGTH = 2000;
/** Text searched for in the source (findNodes). */
export const MAX_SEARCH_TEXT_LENGTH = 4096;
/** A string inside a node spec or a property value (a string literal, a comment, a name). */
export const MAX_VALUE_STRING_LENGTH = 1024 * 1024;
/**
 * Source text to parse (parseSource, runPipeline): 2 MiB of Whetstone takes seconds to parse and
 * check (in the source worker, off the endpoint's thread) and answers with about 60 MB of AST.
 */
export const MAX_SOURCE_TEXT_LENGTH = 2 * 1024 * 1024;
/** Items of a list inside a node spec or value, and keys of an object there. */
export const MAX_VALUE_ITEMS = 10_000;
export const MAX_VALUE_KEYS = 100;
/** Ids listed in one request (a plan's targets, a recorded step's inserted nodes). */
export const MAX_LISTED_IDS = 1000;
/** A plan's steps: more is not a plan a person can review. */
export const MAX_PLAN_STEPS = 100;

export const ID = { type: 'string', minLength: 1, maxLength: MAX_ID_LENGTH } as const;
export const URI = { type: 'string', minLength: 1, maxLength: MAX_URI_LENGTH } as const;
export const NAME = { type: 'string', minLength: 1, maxLength: MAX_NAME_LENGTH } as const;
export const REASON = { type: 'string', maxLength: MAX_REASON_LENGTH } as const;

/**
 * Any JSON value whose strings, lists and objects are bounded (node specs, property values,
 * recorded params). A method using it carries JSON_VALUE_DEFS as its params schema's `$defs`.
 */
export const JSON_VALUE = { $ref: '#/$defs/jsonValue' } as const;

export const JSON_VALUE_DEFS = {
  jsonValue: {
    anyOf: [
      { type: 'string', maxLength: MAX_VALUE_STRING_LENGTH },
      { type: ['number', 'boolean', 'null'] },
      { type: 'array', maxItems: MAX_VALUE_ITEMS, items: { $ref: '#/$defs/jsonValue' } },
      { $ref: '#/$defs/jsonObject' },
    ],
  },
  jsonObject: {
    type: 'object',
    maxProperties: MAX_VALUE_KEYS,
    propertyNames: { maxLength: MAX_NAME_LENGTH },
    additionalProperties: { $ref: '#/$defs/jsonValue' },
  },
} as const;
