import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { createAjv } from '../../../validation/create-ajv';
import { formats } from '../../../validation/formats';
import { latestToday } from '../../../validation/vocabulary';
import { precompilableKeywords } from './keywords';

function codeAjv(): Ajv {
  const ajv = new Ajv({ strict: true, allErrors: true });
  for (const [name, check] of Object.entries(formats)) ajv.addFormat(name, { type: 'string', validate: check });
  for (const keyword of precompilableKeywords) ajv.addKeyword(keyword);
  return ajv;
}

const schema = {
  type: 'object',
  properties: {
    password: { type: 'string' },
    password_confirmation: { type: 'string', 'x-same-as': 'password' },
    start: { type: 'string', 'x-not-after-today': true },
    built: { type: 'integer', 'x-not-after-this-year': true },
    end: { type: 'string', 'x-not-before': 'start' },
    first_driver: { type: 'integer' },
    second_driver: { type: 'integer', 'x-not-same-as': 'first_driver' },
  },
};

const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
const samples = [
  {},
  { password: 'a', password_confirmation: 'a' },
  { password: 'a', password_confirmation: 'b' },
  { password_confirmation: 'b' },
  { start: '2020-01-01', end: '2020-01-02' },
  { start: '2020-01-05', end: '2020-01-02' },
  { start: '', end: '2020-01-02' },
  { end: '2020-01-02' },
  { first_driver: 3, second_driver: 4 },
  { first_driver: 3, second_driver: 3 },
  { second_driver: 3 },
  { start: latestToday() },
  { built: Number(latestToday().slice(0, 4)) },
  { built: Number(latestToday().slice(0, 4)) + 1 },
  { built: 1990 },
  { start: tomorrow < latestToday() ? latestToday() : `${Number(latestToday().slice(0, 4)) + 1}-01-01` },
  // No date at all: the format's to refuse, not also "later than today" or "earlier than the start".
  { start: '20260101' },
  { start: '2026-01-05', end: '20260101' },
  { start: '20260105', end: '2026-01-01' },
];

describe('code versions of the validating keywords', () => {
  it('accept and reject the same values as validation/vocabulary.ts', () => {
    const reference = createAjv().compile(schema);
    const generated = codeAjv().compile(schema);
    for (const sample of samples) {
      const expected = reference(sample);
      const failedReference = (reference.errors ?? []).map((error) => `${error.instancePath} ${error.keyword}`).sort();
      expect(generated(sample), JSON.stringify(sample)).toBe(expected);
      expect((generated.errors ?? []).map((error) => `${error.instancePath} ${error.keyword}`).sort()).toEqual(failedReference);
    }
  });

  it('compare only texts that are dates', () => {
    const reference = createAjv().compile(schema);
    for (const sample of [{ start: '20260101' }, { start: '2026-01-05', end: '20260101' }, { start: '20260105', end: '2026-01-01' }])
      expect(reference(sample), JSON.stringify(sample)).toBe(true);
    expect(reference({ start: '2026-01-05', end: '2026-01-01' })).toBe(false);
  });

  it('include every keyword of the vocabulary', () => {
    const names = precompilableKeywords.map((definition) => definition.keyword);
    for (const keyword of createAjv().RULES.keywords ? Object.keys(createAjv().RULES.keywords).filter((name) => name.startsWith('x-')) : [])
      expect(names).toContain(keyword);
  });
});
