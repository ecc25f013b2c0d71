/**
 * Build step (run by the Vite plugin in ./vite-plugin.ts, in Node): compiles the create and edit form
 * schema of every resource of the registry with ajv in strict mode (our formats, the whole vocabulary)
 * into standalone validation code, an ES module that RJSF's `createPrecompiledValidator` uses in the
 * browser. So the forms validate with the server's rules without `new Function`, which the Content
 * Security Policy (`script-src 'self'`) forbids, and ajv itself is not shipped to the browser.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RJSF_ADDITIONAL_PROPERTIES_FLAG } from '@rjsf/utils';
import { schemaParser } from '@rjsf/utils/lib/parser/index.js';
import Ajv, { _ } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { resources } from '../../../resources';
import { formats } from '../../../validation/formats';
import { enumerationsOf, prepareSchema, type EntitySchema } from '../../../validation/prepare-schema';
import { deriveFormSchema, formModes } from '../form-schema';
import { precompilableKeywords } from './keywords';

export function formSchemasOf(schemasDir: string): EntitySchema[] {
  const read = (name: string) => JSON.parse(readFileSync(join(schemasDir, `${name}.json`), 'utf8')) as Record<string, unknown>;
  const enums = enumerationsOf(read('enums'));
  const available = new Set(
    readdirSync(schemasDir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => file.slice(0, -5)),
  );
  const result: EntitySchema[] = [];
  for (const resource of resources) {
    if (!available.has(resource.schema)) throw new Error(`resources/${resource.name}: no schemas/${resource.schema}.json`);
    const schema = prepareSchema(read(resource.schema) as unknown as EntitySchema, enums);
    for (const mode of formModes) result.push(deriveFormSchema(resource, schema, mode));
  }
  return result;
}

/** The module's code: `export const validateFns = { "<$id or RJSF hash>": validate, … }`. */
export function generateValidatorsModule(schemasDir: string, formatsModule: string): string {
  const schemas = new Map<string, object>();
  for (const schema of formSchemasOf(schemasDir)) {
    for (const [key, part] of Object.entries(schemaParser(schema as never))) schemas.set(key, part);
  }
  const ajv = new Ajv({
    strict: true,
    allErrors: true,
    verbose: true,
    multipleOfPrecision: 8,
    discriminator: false,
    coerceTypes: false,
    useDefaults: false,
    code: { source: true, esm: true, lines: false, formats: _`__formats` },
    schemas: [...schemas.values()],
  });
  for (const [name, check] of Object.entries(formats)) ajv.addFormat(name, { type: 'string', validate: check });
  for (const keyword of precompilableKeywords) ajv.addKeyword(keyword);
  ajv.addKeyword(RJSF_ADDITIONAL_PROPERTIES_FLAG);
  const keys = [...schemas.keys()];
  const exports = Object.fromEntries(keys.map((key, index) => [`v${index}`, key]));
  const code = standaloneCode(ajv, exports);
  return [
    `import { formats as __formatChecks } from ${JSON.stringify(formatsModule)};`,
    `const __formats = Object.fromEntries(Object.entries(__formatChecks).map(([name, validate]) => [name, { type: 'string', validate }]));`,
    code.replace(/^"use strict";/, ''),
    `export const validateFns = {${keys.map((key, index) => `${JSON.stringify(key)}: v${index}`).join(', ')}};`,
  ].join('\n');
}
