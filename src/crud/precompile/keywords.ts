/**
 * The validating keywords of validation/vocabulary.ts as ajv *code* keywords: the same rules, written as
 * generated code so that ajv's standalone output (the browser's precompiled form validators) carries
 * them without `new Function` at run time. src/crud/precompile/keywords.test.ts checks that both versions
 * accept and reject the same values. Annotation keywords are taken from the vocabulary as they are.
 */
import { _, type CodeKeywordDefinition, type KeywordCxt, type KeywordDefinition } from 'ajv';
import { annotationKeywords, validatingKeywords } from '../../../validation/vocabulary';

/** "Today" as the latest calendar date anywhere on Earth (UTC+14), as `latestToday()` computes it. */
const latestToday = _`new Date(Date.now() + 50400000).toISOString().slice(0, 10)`;

const codeKeywords: Record<string, (cxt: KeywordCxt) => void> = {
  'x-same-as': (cxt) => {
    const { data, it } = cxt;
    const schema = cxt.schema as string;
    cxt.fail(_`${it.parentData} === undefined || ${it.parentData}[${schema}] !== ${data}`);
  },
  'x-not-after-today': (cxt) => {
    cxt.fail(_`/^[0-9]{4}-[0-9]{2}-[0-9]{2}/.test(${cxt.data}) && ${cxt.data}.slice(0, 10) > ${latestToday}`);
  },
  'x-not-after-this-year': (cxt) => {
    cxt.fail(_`${cxt.data} > Number(${latestToday}.slice(0, 4))`);
  },
  'x-not-same-as': (cxt) => {
    const { data, it } = cxt;
    const schema = cxt.schema as string;
    const other = _`${it.parentData}[${schema}]`;
    cxt.fail(_`${it.parentData} !== undefined && ${other} !== undefined && ${other} !== null && ${other} === ${data}`);
  },
  'x-not-before': (cxt) => {
    const { data, it } = cxt;
    const schema = cxt.schema as string;
    const other = _`${it.parentData}[${schema}]`;
    cxt.fail(
      _`typeof ${other} == "string" && /^[0-9]{4}-[0-9]{2}-[0-9]{2}/.test(${other}) && /^[0-9]{4}-[0-9]{2}-[0-9]{2}/.test(${data}) && ${data}.slice(0, 10) < ${other}.slice(0, 10)`,
    );
  },
};

export const precompilableKeywords: KeywordDefinition[] = [
  ...validatingKeywords.map((definition) => {
    const code = codeKeywords[String(definition.keyword)];
    if (!code) throw new Error(`The keyword "${String(definition.keyword)}" has no code version in src/crud/precompile/keywords.ts`);
    const { validate: _validate, errors: _errors, ...rest } = definition as KeywordDefinition & { validate?: unknown; errors?: unknown };
    const compiled: CodeKeywordDefinition = { ...rest, code };
    return compiled;
  }),
  ...annotationKeywords,
];
