#!/usr/bin/env node
/**
 * Merges new translation keys into locales/<language>/translation.json for the six languages.
 * Usage: node scripts/add-translations.mjs additions.json
 * where additions.json is `{ "en": { "transport": { "documents": { "title": "…" } } }, "de": { … }, … }`.
 * Nested objects merge key by key; a string replaces the one stored under the same key. Keys keep their
 * order in the file and new ones go at the end of their object, so a diff shows only what was added.
 * Every language of additions.json must be one of the six (a misspelt code would create a seventh folder).
 */
import { readFileSync, writeFileSync } from 'node:fs';

const languages = ['en', 'uk', 'de', 'el', 'es', 'it'];

function merge(target, addition, path) {
  for (const [key, value] of Object.entries(addition)) {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      if (target[key] !== undefined && (typeof target[key] !== 'object' || target[key] === null)) {
        throw new Error(`${[...path, key].join('.')} is a text in the file, not a group of keys`);
      }
      target[key] ??= {};
      merge(target[key], value, [...path, key]);
    } else if (typeof value === 'string') {
      target[key] = value;
    } else {
      throw new Error(`${[...path, key].join('.')}: only texts and groups of keys are translations`);
    }
  }
}

const [file] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/add-translations.mjs additions.json');
  process.exit(2);
}
const additions = JSON.parse(readFileSync(file, 'utf8'));
for (const language of Object.keys(additions)) {
  if (!languages.includes(language)) throw new Error(`unknown language ${language}: one of ${languages.join(', ')}`);
}
for (const [language, addition] of Object.entries(additions)) {
  const path = `locales/${language}/translation.json`;
  const tree = JSON.parse(readFileSync(path, 'utf8'));
  merge(tree, addition, []);
  writeFileSync(path, `${JSON.stringify(tree, null, 2)}\n`);
}
console.log(`merged ${Object.keys(additions).join(', ')}`);
