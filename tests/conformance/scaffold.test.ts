/**
 * The scaffold (`npm run new:resource`, scripts/new-resource.mjs): singular forms that are words, the
 * languages from the folders of locales/, a sidebar entry, and files that Prettier leaves as they are.
 * It runs into a temporary copy of the registry, the schemas folder and the locales.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as prettier from 'prettier';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sidebarGroups } from '../../resources/types';
import { languagesIn, scaffold, sidebarGroupsIn, singularName, withRegistryEntry } from '../../scripts/new-resource.mjs';

const root = process.cwd();

describe('singular forms', () => {
  it('make real words of English plurals', () => {
    const expected: Record<string, string> = {
      addresses: 'address',
      companies: 'company',
      buses: 'bus',
      statuses: 'status',
      vehicles: 'vehicle',
      boxes: 'box',
      houses: 'house',
      'fuel-stations': 'fuel-station',
      'employee-document-statuses': 'employee-document-status',
    };
    for (const [plural, singular] of Object.entries(expected)) expect(singularName(plural), plural).toBe(singular);
  });

  it('leave a word that is singular or uninflected alone', () => {
    for (const word of ['transport', 'series', 'news', 'fuel-station']) expect(singularName(word), word).toBe(word);
  });
});

describe('what the scaffold reads from the repository', () => {
  it('takes the languages from the folders of locales/, English first', () => {
    const languages = languagesIn(root);
    expect(languages[0]).toBe('en');
    expect([...languages].sort()).toEqual(['de', 'el', 'en', 'es', 'it', 'uk']);
  });

  it('knows the sidebar groups of resources/types.ts', () => {
    expect(sidebarGroupsIn(root)).toEqual([...sidebarGroups]);
  });

  it('puts the import in alphabetical order and the resource last in the registry', () => {
    const registry = readFileSync(join(root, 'resources/index.ts'), 'utf8');
    const result = withRegistryEntry(registry, 'fuel-stations');
    expect(result.indexOf("import { fuelStations } from './fuel-stations';")).toBeGreaterThan(result.indexOf("from './employees';"));
    expect(result.indexOf("import { fuelStations } from './fuel-stations';")).toBeLessThan(result.indexOf("from './handover-acts';"));
    expect(result).toMatch(/ {2}fuelStations,\n\];/);
  });
});

describe('a scaffolded resource', () => {
  let copy: string;
  let written: Awaited<ReturnType<typeof scaffold>>;

  beforeAll(async () => {
    copy = mkdtempSync(join(tmpdir(), 'fleetdesk-scaffold-'));
    for (const folder of ['resources', 'schemas', 'locales']) cpSync(join(root, folder), join(copy, folder), { recursive: true });
    cpSync(join(root, '.prettierrc.json'), join(copy, '.prettierrc.json'));
    // A language added as a folder is scaffolded too, with no list to update.
    cpSync(join(root, 'locales/de'), join(copy, 'locales/pl'), { recursive: true });
    written = await scaffold({ root: copy, name: 'fuel-addresses', group: 'vehicles' });
  });
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it('names its schema in the singular', () => {
    expect(written.schemaPath).toBe(join(copy, 'schemas/fuel-address.json'));
    expect(JSON.parse(readFileSync(written.schemaPath, 'utf8'))).toMatchObject({ $id: 'fuel-address', title: 'Fuel address' });
  });

  it('gives it a sidebar entry in the group asked for, labelled in every language folder', () => {
    expect(readFileSync(written.resourcePath, 'utf8')).toContain("menu: { group: 'vehicles', icon: 'AppstoreOutlined', key: 'fuelAddresses' },");
    expect(written.languages).toContain('pl');
    for (const path of written.localePaths) {
      const texts = JSON.parse(readFileSync(path, 'utf8')) as { menu: Record<string, string>; 'fuel-addresses': Record<string, string> };
      expect(texts.menu.fuelAddresses, path).toBe('Fuel addresses');
      expect(texts['fuel-addresses'].titleSingular, path).toBe('Fuel address');
    }
  });

  it('writes files that Prettier leaves as they are', async () => {
    for (const path of [written.schemaPath, written.resourcePath, written.registryPath, ...written.localePaths]) {
      const options = (await prettier.resolveConfig(path)) ?? {};
      expect(await prettier.check(readFileSync(path, 'utf8'), { ...options, filepath: path }), path).toBe(true);
    }
  });

  it('refuses to overwrite a resource that exists', async () => {
    await expect(scaffold({ root: copy, name: 'fuel-addresses' })).rejects.toThrow(/exists already/);
  });

  it('refuses a sidebar group that does not exist', async () => {
    await expect(scaffold({ root: copy, name: 'fuel-pumps', group: 'fuel' })).rejects.toThrow(/Unknown sidebar group/);
  });
});
