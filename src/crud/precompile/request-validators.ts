/**
 * Build step: the request schemas of the sign-in and profile forms (schemas/requests/*.json, the ones the
 * server validates those requests with) compiled into standalone validators, one module per schema
 * (`virtual:request-validator/<name>`, exporting `validate` and `schema`). One module each, importing only the formats its schema uses, so
 * /login ships a few hundred bytes of validator and no phone number rules; the same ajv options,
 * formats and keywords as the forms' validators (./generate.ts) and the server.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv, { _ } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { formatExportName, formats } from '../../../validation/formats';
import { precompilableKeywords } from './keywords';

export const requestValidatorPrefix = 'virtual:request-validator/';

/** The `format`s a schema uses anywhere in it. */
export function formatsUsedBy(schema: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) schema.forEach((part) => formatsUsedBy(part, found));
  else if (schema && typeof schema === 'object') {
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'format' && typeof value === 'string') found.add(value);
      else formatsUsedBy(value, found);
    }
  }
  return found;
}

/** The module's code for schemas/requests/<name>.json: `export const validate = …` and `export const schema = {…}`. */
export function generateRequestValidatorModule(schemasDir: string, name: string, formatsModule: string): string {
  if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`Not a request schema name: "${name}"`);
  const schema = JSON.parse(readFileSync(join(schemasDir, 'requests', `${name}.json`), 'utf8')) as { $id: string };
  const ajv = new Ajv({
    strict: true,
    allErrors: true,
    coerceTypes: false,
    useDefaults: false,
    code: { source: true, esm: true, lines: false, formats: _`__formats` },
    schemas: [schema],
  });
  for (const [format, check] of Object.entries(formats)) ajv.addFormat(format, { type: 'string', validate: check });
  for (const keyword of precompilableKeywords) ajv.addKeyword(keyword);
  const used = [...formatsUsedBy(schema)];
  for (const format of used) if (!(format in formats)) throw new Error(`schemas/requests/${name}.json: unknown format "${format}"`);
  const imports = used.map((format) => `${formatExportName(format)} as __format${used.indexOf(format)}`);
  const entries = used.map((format, index) => `${JSON.stringify(format)}: { type: 'string', validate: __format${index} }`);
  return [
    imports.length > 0 ? `import { ${imports.join(', ')} } from ${JSON.stringify(formatsModule)};` : '',
    `const __formats = { ${entries.join(', ')} };`,
    standaloneCode(ajv, { validate: schema.$id }).replace(/^"use strict";/, ''),
    `export const schema = ${JSON.stringify(schema)};`,
  ].join('\n');
}
