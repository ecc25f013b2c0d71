#!/usr/bin/env node
// Scaffolds a resource: its schema (schemas/<schema>.json), its definition (resources/<name>.ts, added to
// the registry in resources/index.ts) and its labels in every locale. Everything else (routes, storage,
// pages, OpenAPI) is derived from those. Usage: npm run new:resource -- <name> [--schema <schema>]
//   <name>    plural, kebab-case: "fuel-stations"   --schema  singular schema file name: "fuel-station"
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const LANGUAGES = ['en', 'uk', 'el', 'it', 'es', 'de'];
const args = process.argv.slice(2);
const name = args.find((arg) => !arg.startsWith('--'));
const schemaIndex = args.indexOf('--schema');
if (!name || !/^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/.test(name)) {
  console.error('Usage: npm run new:resource -- <name> [--schema <schema>]   (name: plural, kebab-case, e.g. fuel-stations)');
  process.exit(2);
}
const schema = schemaIndex >= 0 ? args[schemaIndex + 1] : name.replace(/s$/, '');
const camel = name.replace(/-([a-z0-9])/g, (_, letter) => letter.toUpperCase());
const words = name.replace(/-/g, ' ');
const title = words[0].toUpperCase() + words.slice(1);

const schemaPath = `schemas/${schema}.json`;
const resourcePath = `resources/${name}.ts`;
for (const path of [schemaPath, resourcePath]) {
  if (existsSync(path)) {
    console.error(`${path} exists already: nothing written.`);
    process.exit(1);
  }
}

writeFileSync(
  schemaPath,
  `${JSON.stringify(
    {
      $id: schema,
      title,
      type: 'object',
      additionalProperties: false,
      required: ['name'],
      properties: { name: { type: 'string', minLength: 1, maxLength: 100, 'x-list': true, 'x-sort': true, 'x-search': true } },
    },
    null,
    2,
  )}\n`,
);

writeFileSync(
  resourcePath,
  `import { actionFirstApi, defineResource } from './types';

export const ${camel} = defineResource({
  name: '${name}',
  schema: '${schema}',
  api: actionFirstApi('/${name}'),
  label: ['name'],
  routes: { list: '/${name}', show: '/${name}/:id' },
  permission: '${name}',
});
`,
);

const registry = readFileSync('resources/index.ts', 'utf8');
const withImport = registry.replace(/(import type \{ ResourceDefinition \})/, `import { ${camel} } from './${name}';\n$1`);
const withEntry = withImport.replace(/(export const resources: readonly ResourceDefinition\[\] = \[[\s\S]*?,)(\s*\];)/, `$1\n  ${camel},$2`);
if (withEntry === withImport) console.warn(`Add ${camel} to the list in resources/index.ts by hand.`);
writeFileSync('resources/index.ts', withEntry);

for (const language of LANGUAGES) {
  const path = `locales/${language}/translation.json`;
  const texts = JSON.parse(readFileSync(path, 'utf8'));
  texts[name] = { title, titleSingular: title.replace(/s$/, ''), empty: `No ${words} yet`, fields: { name: 'Name' } };
  writeFileSync(path, `${JSON.stringify(texts, null, 2)}\n`);
}

console.log(`Written ${schemaPath}, ${resourcePath}, the registry entry and labels in ${LANGUAGES.join(', ')}.
Next: add fields to ${schemaPath}, translate the "${name}" labels (the locale test fails while they are English),
and add a menu entry in ${resourcePath} if it needs one.`);
