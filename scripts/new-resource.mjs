#!/usr/bin/env node
// Scaffolds a resource: its schema (schemas/<schema>.json), its definition (resources/<name>.ts, added to
// the registry in resources/index.ts) with a sidebar entry, and its labels in every language of locales/.
// Everything else (routes, storage, pages, menu, OpenAPI) is derived from those. Files come out formatted
// by Prettier. Usage: npm run new:resource -- <name> [--schema <schema>] [--group <group>]
//   <name>    plural, kebab-case: "fuel-stations"
//   --schema  the schema file name, singular: "fuel-station" (default: the name's last word made singular)
//   --group   the sidebar group of SPEC §1 (resources/types.ts `sidebarGroups`; default: maintenance)
// The functions are exported for the scaffold's test (tests/conformance/scaffold.test.ts).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import pluralize from 'pluralize';
import * as prettier from 'prettier';

/** The icon a new entry gets: one of src/layout/menu-icons.tsx (add a better one there and name it). */
const DEFAULT_ICON = 'AppstoreOutlined';
const DEFAULT_GROUP = 'maintenance';

/**
 * `fuel-stations` → `fuel-station`: the last word made singular by `pluralize`, the rules Refine itself
 * uses for resource names (addresses → address, companies → company, buses → bus, statuses → status,
 * boxes → box); a word that is singular already or uninflected stays as it is.
 */
export function singularName(name) {
  const words = name.split('-');
  words[words.length - 1] = pluralize.singular(words[words.length - 1]);
  return words.join('-');
}

/** `fuel-stations` → `fuelStations`. */
export function camelName(name) {
  return name.replace(/-([a-z0-9])/g, (_, letter) => letter.toUpperCase());
}

/** `fuel-stations` → `Fuel stations`. */
export function sentenceName(name) {
  const words = name.replace(/-/g, ' ');
  return words[0].toUpperCase() + words.slice(1);
}

/** The languages of the app: the folders of locales/ that hold a translation.json, English first. */
export function languagesIn(root) {
  const folder = join(root, 'locales');
  const languages = readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(folder, entry.name, 'translation.json')))
    .map((entry) => entry.name)
    .sort();
  return languages.includes('en') ? ['en', ...languages.filter((language) => language !== 'en')] : languages;
}

/** The sidebar groups, read from `sidebarGroups` in resources/types.ts (this script runs without TypeScript). */
export function sidebarGroupsIn(root) {
  const source = readFileSync(join(root, 'resources/types.ts'), 'utf8');
  const list = source.match(/export const sidebarGroups = \[([^\]]*)\]/)?.[1] ?? '';
  return [...list.matchAll(/'([^']+)'/g)].map((match) => match[1]);
}

/** The definition file of a resource: its API, label field, routes, sidebar entry and permission key. */
export function definitionSource({ name, schema, group }) {
  return `import { actionFirstApi, defineResource } from './types';

export const ${camelName(name)} = defineResource({
  name: '${name}',
  schema: '${schema}',
  api: actionFirstApi('/${name}'),
  label: ['name'],
  routes: { list: '/${name}', show: '/${name}/:id' },
  menu: { group: '${group}', icon: '${DEFAULT_ICON}', key: '${camelName(name)}' },
  permission: '${name}',
});
`;
}

/** The registry with the resource imported (in the imports' alphabetical order) and appended to the list. */
export function withRegistryEntry(registry, name) {
  const camel = camelName(name);
  const line = `import { ${camel} } from './${name}';\n`;
  const imports = [...registry.matchAll(/^import \{ \w+ \} from '\.\/([\w-]+)';\n/gm)];
  const next = imports.find((match) => match[1] > name);
  const at = next ? next.index : registry.search(/^import type \{ ResourceDefinition \}/m);
  if (at < 0) throw new Error('resources/index.ts: no place for the import found');
  const withImport = registry.slice(0, at) + line + registry.slice(at);
  const withEntry = withImport.replace(/(export const resources: readonly ResourceDefinition\[\] = \[[\s\S]*?,)(\s*\];)/, `$1\n  ${camel},$2`);
  if (withEntry === withImport) throw new Error('resources/index.ts: the list of resources was not found');
  return withEntry;
}

async function writeFormatted(path, text) {
  const options = (await prettier.resolveConfig(path)) ?? {};
  writeFileSync(path, await prettier.format(text, { ...options, filepath: path }));
}

/** Writes the resource's files under `root`; returns the paths written. Refuses to overwrite. */
export async function scaffold({ root, name, schema = singularName(name), group = DEFAULT_GROUP }) {
  if (!/^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/.test(name)) throw new Error(`"${name}" is not a kebab-case name such as fuel-stations`);
  const groups = sidebarGroupsIn(root);
  if (!groups.includes(group)) throw new Error(`Unknown sidebar group "${group}": one of ${groups.join(', ')}`);
  const schemaPath = join(root, `schemas/${schema}.json`);
  const resourcePath = join(root, `resources/${name}.ts`);
  for (const path of [schemaPath, resourcePath]) if (existsSync(path)) throw new Error(`${path} exists already: nothing written.`);

  const title = sentenceName(name);
  const schemaDocument = {
    $id: schema,
    title: sentenceName(schema),
    type: 'object',
    additionalProperties: false,
    required: ['name'],
    properties: { name: { type: 'string', minLength: 1, maxLength: 100, 'x-list': true, 'x-sort': true, 'x-search': true } },
  };
  await writeFormatted(schemaPath, JSON.stringify(schemaDocument, null, 2));
  await writeFormatted(resourcePath, definitionSource({ name, schema, group }));
  const registryPath = join(root, 'resources/index.ts');
  await writeFormatted(registryPath, withRegistryEntry(readFileSync(registryPath, 'utf8'), name));

  const languages = languagesIn(root);
  const localePaths = languages.map((language) => join(root, `locales/${language}/translation.json`));
  for (const path of localePaths) {
    const texts = JSON.parse(readFileSync(path, 'utf8'));
    texts[name] = { title, titleSingular: sentenceName(singularName(name)), empty: `No ${name.replace(/-/g, ' ')} yet`, fields: { name: 'Name' } };
    texts.menu = { ...texts.menu, [camelName(name)]: title };
    await writeFormatted(path, JSON.stringify(texts, null, 2));
  }
  return { schemaPath, resourcePath, registryPath, localePaths, languages };
}

async function main() {
  const args = process.argv.slice(2);
  const option = (flag) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
  const name = args.find((arg, index) => !arg.startsWith('--') && !args[index - 1]?.startsWith('--'));
  if (!name) {
    console.error('Usage: npm run new:resource -- <name> [--schema <schema>] [--group <group>]   (name: plural, kebab-case, e.g. fuel-stations)');
    process.exit(2);
  }
  try {
    const written = await scaffold({ root: process.cwd(), name, schema: option('--schema'), group: option('--group') });
    console.log(`Written ${written.schemaPath}, ${written.resourcePath} (with a sidebar entry), the registry entry and labels in ${written.languages.join(', ')}.
Next: add fields to the schema, translate the "${name}" labels and "menu.${camelName(name)}" (the locale test fails while they are
English), pick the entry's icon and its place (menu.order) in its group.`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main();
