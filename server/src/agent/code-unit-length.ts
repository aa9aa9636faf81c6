// The params schemas' minLength and maxLength, counted as JavaScript and the agent's JSON count a
// string: in UTF-16 code units. Ajv's own keywords count code points, walking every character in
// JavaScript — 9 ms for a 2 MiB parseSource source, on the endpoint's thread while every other
// session waits; `.length` is read at once. For text without characters beyond U+FFFF (emoji and
// the like) the two counts are the same; each of those counts as two here, as it does in
// `String.length`.
import type { default as Ajv2020, KeywordCxt } from 'ajv/dist/2020';
import { _, str } from 'ajv/dist/2020';

/** Replaces `ajv`'s minLength and maxLength with the same keywords counted in code units. */
export function countLengthsInCodeUnits(ajv: Ajv2020): void {
  ajv.removeKeyword('maxLength');
  ajv.removeKeyword('minLength');
  ajv.addKeyword({
    keyword: 'maxLength',
    type: 'string',
    schemaType: 'number',
    code: (cxt: KeywordCxt) => cxt.fail(_`${cxt.data}.length > ${cxt.schema as number}`),
    error: { message: ({ schemaCode }) => str`must NOT have more than ${schemaCode} characters`, params: ({ schemaCode }) => _`{limit: ${schemaCode}}` },
  });
  ajv.addKeyword({
    keyword: 'minLength',
    type: 'string',
    schemaType: 'number',
    code: (cxt: KeywordCxt) => cxt.fail(_`${cxt.data}.length < ${cxt.schema as number}`),
    error: { message: ({ schemaCode }) => str`must NOT have fewer than ${schemaCode} characters`, params: ({ schemaCode }) => _`{limit: ${schemaCode}}` },
  });
}
