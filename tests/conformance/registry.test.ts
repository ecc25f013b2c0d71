/**
 * The registry holds together: every resource has its schema, every schema compiles in ajv's strict mode
 * with the enumerations filled in, every reference points to a registered resource, every path parameter
 * is known, every title, field, enumeration value, unit and menu entry has an English label, and every
 * sidebar entry has an icon the app draws.
 * (That every English key exists in the other five languages is locales.test.ts's job.)
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resources } from '../../resources';
import { groupIcons, kebabCase, menuOnlyEntries } from '../../resources/menu';
import { sidebarGroups, type Endpoint } from '../../resources/types';
import { listPanels } from '../../src/crud/panels/registry';
import { listActions } from '../../src/crud/list-actions/registry';
import { menuIcons } from '../../src/layout/menu-icons';
import { createAjv } from '../../validation/create-ajv';
import { enumerationsOf, prepareSchema, type EntitySchema, type PropertySchema } from '../../validation/prepare-schema';
import { annotationKeywords } from '../../validation/vocabulary';

// Tests run from the repository root (vitest's root); happy-dom turns import.meta.url into an http URL.
const root = process.cwd();
const readJson = (path: string): unknown => JSON.parse(readFileSync(join(root, path), 'utf8'));

const enums = enumerationsOf(readJson('schemas/enums.json') as Record<string, unknown>);
const schemaFiles = readdirSync(join(root, 'schemas')).filter((file) => file.endsWith('.json') && file !== 'enums.json');
const schemas = new Map(schemaFiles.map((file) => [file.replace(/\.json$/, ''), readJson(`schemas/${file}`) as EntitySchema]));
const english = readJson('locales/en/translation.json') as Record<string, unknown>;
const resourceNames = new Set(resources.map((resource) => resource.name));

function labelAt(key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], english);
}
const hasLabel = (key: string) => typeof labelAt(key) === 'string' && (labelAt(key) as string).trim() !== '';

/** Every property schema of a schema, nested ones (array items, object properties) included, with its path. */
function* walk(properties: Record<string, PropertySchema>, prefix = ''): Generator<[string, PropertySchema, Record<string, PropertySchema>]> {
  for (const [name, property] of Object.entries(properties)) {
    const path = prefix ? `${prefix}.${name}` : name;
    yield [path, property, properties];
    if (property.properties) yield* walk(property.properties, path);
    if (property.items?.properties) yield* walk(property.items.properties, `${path}[]`);
  }
}

const units = (annotationKeywords.find((keyword) => keyword.keyword === 'x-unit')!.metaSchema as { enum: string[] }).enum;

describe('schemas', () => {
  for (const [name, schema] of schemas) {
    describe(name, () => {
      it('is named after its file and is a closed object', () => {
        expect(schema.$id).toBe(name);
        expect(schema.type).toBe('object');
        expect(schema.additionalProperties).toBe(false);
      });

      it('compiles in strict mode with its enumerations', () => {
        const ajv = createAjv();
        expect(() => ajv.compile(prepareSchema(schema, enums))).not.toThrow();
      });

      it('gives every property a type, and siblings named by x-not-before / x-same-as / x-not-same-as exist', () => {
        for (const [path, property, siblings] of walk(schema.properties)) {
          expect(property.type, `${name}.${path}`).toBeDefined();
          for (const keyword of ['x-not-before', 'x-same-as', 'x-not-same-as']) {
            const sibling = property[keyword] as string | undefined;
            if (sibling !== undefined) expect(siblings[sibling], `${name}.${path} ${keyword}`).toBeDefined();
          }
        }
      });

      it('bounds every amount a member types (a unit: money, distance, fuel) above, as a person would write it', () => {
        // A price of 12345678901234567890 was refused only at JavaScript's own limit ("at most 9,007,199,254,740,991").
        for (const [path, property] of walk(schema.properties)) {
          if (property['x-unit'] === undefined || property.readOnly === true || !['number', 'integer'].includes(String(property.type))) continue;
          expect(typeof property.maximum, `${name}.${path}`).toBe('number');
        }
      });

      it('keeps every sum of money to cents (a step of 0.01), as it is shown', () => {
        // An insurance cost typed as 999.999 was stored so and shown as 1,000.00 €.
        for (const [path, property] of walk(schema.properties)) {
          if (property['x-unit'] === 'eur' && property.readOnly !== true) expect(property.multipleOf, `${name}.${path}`).toBe(0.01);
        }
      });

      it('refers only to registered resources', () => {
        for (const [path, property] of walk(schema.properties)) {
          const reference = property['x-ref'] as { resource: string } | undefined;
          if (reference) expect(resourceNames.has(reference.resource), `${name}.${path} → ${reference.resource}`).toBe(true);
        }
      });
    });
  }

  it('every entity schema is used by a resource', () => {
    const used = new Set(resources.map((resource) => resource.schema));
    expect([...schemas.keys()].filter((name) => !used.has(name))).toEqual([]);
  });
});

describe('resources', () => {
  it('have unique names and unique web routes', () => {
    expect(resourceNames.size).toBe(resources.length);
    const routes = resources.flatMap((resource) => Object.values(resource.routes ?? {}));
    expect(routes.length).toBe(new Set(routes).size);
  });

  it('have unique API endpoints', () => {
    const endpoints = resources.flatMap((resource) =>
      Object.values(resource.api).map((endpoint: Endpoint) => `${endpoint.method} ${endpoint.path.replace(/{[^}]+}/g, '{}')}`),
    );
    expect(endpoints.filter((endpoint, index) => endpoints.indexOf(endpoint) !== index)).toEqual([]);
  });

  for (const resource of resources) {
    describe(resource.name, () => {
      const schema = schemas.get(resource.schema);

      it('has its schema file', () => {
        expect(existsSync(join(root, 'schemas', `${resource.schema}.json`))).toBe(true);
      });

      it('names only fields of its schema (label, sort, views, path fields)', () => {
        const fields = new Set(Object.keys(schema?.properties ?? {}));
        const named = [
          ...resource.label,
          ...(resource.defaultSort ? [resource.defaultSort.field] : []),
          ...Object.values(resource.views ?? {}).flat(),
          ...Object.values(resource.pathFields ?? {}),
          ...(resource.requiredOnCreate ?? []),
        ];
        expect(named.filter((field) => !fields.has(field))).toEqual([]);
        expect(resource.label.length).toBeGreaterThan(0);
      });

      it('refers to registered parent and tab resources', () => {
        if (resource.parent) expect(resourceNames.has(resource.parent.resource)).toBe(true);
        for (const tab of resource.tabs ?? []) {
          expect(resourceNames.has(tab), tab).toBe(true);
          expect(resourceByNameOrThrow(tab).parent?.resource, `${tab} belongs to ${resource.name}`).toBe(resource.name);
        }
      });

      it('uses only path parameters it can fill', () => {
        const known = new Set(['id', ...(resource.parent ? [resource.parent.param] : []), ...Object.keys(resource.pathFields ?? {})]);
        for (const [action, endpoint] of Object.entries(resource.api) as Array<[string, Endpoint]>) {
          expect(endpoint.path.startsWith('/'), `${action} ${endpoint.path}`).toBe(true);
          const parameters = [...endpoint.path.matchAll(/{([^}]+)}/g)].map((match) => match[1]);
          expect(
            parameters.filter((parameter) => !known.has(parameter)),
            `${action} ${endpoint.path}`,
          ).toEqual([]);
          if (['show', 'update', 'delete'].includes(action)) expect(parameters, `${action} ${endpoint.path}`).toContain('id');
          if (resource.parent) expect(parameters, `${action} ${endpoint.path}`).toContain(resource.parent.param);
        }
      });

      it('has English labels for its title, empty list and every field', () => {
        const keys = [`${resource.name}.title`, `${resource.name}.titleSingular`, `${resource.name}.empty`];
        keys.push(...Object.keys(schema?.properties ?? {}).map((field) => `${resource.name}.fields.${field}`));
        if (resource.menu) keys.push(`menu.${resource.menu.key}`);
        expect(keys.filter((key) => !hasLabel(key))).toEqual([]);
      });

      it('tabs its list only by an enum field it filters exactly, and declares only panels the web app has', () => {
        if (resource.listTabs) {
          const property = schema?.properties[resource.listTabs.field];
          expect(property?.['x-enum'], `${resource.listTabs.field} has x-enum`).toBeTruthy();
          expect(property?.['x-filter'], `${resource.listTabs.field} is an exact filter`).toBe('exact');
        }
        for (const panel of resource.listPanels ?? []) expect(Object.keys(listPanels), panel).toContain(panel);
        for (const action of resource.listActions ?? []) expect(Object.keys(listActions), action).toContain(action);
        if (resource.listPanels?.length) expect(resource.routes?.list, 'panels are drawn on the list page').toBeTruthy();
      });

      it("has a sidebar entry only with a list page of its own, and none as a sub-resource (its list needs the owner's id)", () => {
        if (!resource.menu) return;
        expect(resource.routes?.list).toBeTruthy();
        expect(resource.parent).toBeUndefined();
      });
    });
  }
});

describe('the sidebar', () => {
  const placements = [...resources.flatMap((resource) => (resource.menu ? [resource.menu] : [])), ...menuOnlyEntries.map((entry) => entry.menu)];
  const iconNames = [...placements.map((menu) => menu.icon), ...Object.values(groupIcons)];

  it('uses icons that @ant-design/icons has and the icon registry of src/layout/menu-icons.tsx maps', () => {
    expect(iconNames.filter((icon) => !existsSync(join(root, 'node_modules/@ant-design/icons/lib/icons', `${icon}.js`)))).toEqual([]);
    expect(iconNames.filter((icon) => !menuIcons[icon])).toEqual([]);
  });

  it('has an English label for every group and entry, and unique entry keys (they name the test ids)', () => {
    const keys = [...sidebarGroups, ...placements.map((menu) => menu.key)];
    expect(keys.filter((key) => !hasLabel(`menu.${key}`))).toEqual([]);
    expect(new Set(keys.map(kebabCase)).size).toBe(keys.length);
  });

  it("gives Refine unique resource names: the registry's, the menu-only pages' and the groups'", () => {
    const names = [...resources.map((resource) => resource.name), ...menuOnlyEntries.map((entry) => entry.name), ...sidebarGroups];
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });

  it("has menu-only pages that are no resource's list page", () => {
    const lists = new Set(resources.map((resource) => resource.routes?.list));
    expect(menuOnlyEntries.filter((entry) => lists.has(entry.route)).map((entry) => entry.name)).toEqual([]);
  });
});

function resourceByNameOrThrow(name: string) {
  const found = resources.find((resource) => resource.name === name);
  if (!found) throw new Error(name);
  return found;
}

describe('enumerations and units', () => {
  it('every enumeration value has an English label', () => {
    const missing = Object.entries(enums).flatMap(([name, ids]) => ids.map((id) => `enums.${name}.${id}`).filter((key) => !hasLabel(key)));
    expect(missing).toEqual([]);
  });

  it('every enumeration is used by a schema', () => {
    const used = new Set([...schemas.values()].flatMap((schema) => [...walk(schema.properties)].map(([, property]) => property['x-enum'])));
    expect(Object.keys(enums).filter((name) => !used.has(name))).toEqual([]);
  });

  it('every unit of the vocabulary has an English label', () => {
    expect(units.filter((unit) => !hasLabel(`units.${unit}`))).toEqual([]);
  });
});

describe('reference data', () => {
  type Item = { id: number; name: string };
  const checkList = (list: unknown, where: string) => {
    expect(Array.isArray(list), where).toBe(true);
    const items = list as Item[];
    expect(items.length, where).toBeGreaterThan(0);
    for (const item of items) {
      expect(Number.isInteger(item.id), `${where} ${JSON.stringify(item)}`).toBe(true);
      expect(typeof item.name === 'string' && item.name.trim() !== '', `${where} ${JSON.stringify(item)}`).toBe(true);
    }
    expect(new Set(items.map((item) => item.id)).size, `${where}: ids are unique`).toBe(items.length);
  };
  const idsOf = (list: unknown) => (list as Item[]).map((item) => item.id);

  it('flat lists have unique ids and names', () => {
    for (const file of ['car-models', 'tracking-systems', 'contracts', 'order-lists']) checkList(readJson(`reference-data/${file}.json`), file);
    for (const model of readJson('reference-data/car-models.json') as Array<{ brand: string }>) expect(model.brand).toBeTruthy();
    for (const contract of readJson('reference-data/contracts.json') as Array<{ country: string; names?: Record<string, string> }>) {
      expect(contract.country).toMatch(/^[A-Z]{2}$/);
      // Named in every language of the app (the employee's contract reads in the member's language).
      for (const language of ['en', 'uk', 'el', 'it', 'es', 'de']) expect(contract.names?.[language], `${contract.country} ${language}`).toBeTruthy();
    }
  });

  it('transport and trailer lists have the ids of the enumerations', () => {
    const transportLists = readJson('reference-data/transport-lists.json') as Record<string, unknown>;
    const trailerLists = readJson('reference-data/trailers-lists.json') as Record<string, unknown>;
    const expected: Array<[unknown, string, string]> = [
      [transportLists.type_of_ownership, 'ownershipType', 'transport type_of_ownership'],
      [transportLists.facility_type, 'facilityType', 'transport facility_type'],
      [transportLists.fuel_type, 'fuelType', 'transport fuel_type'],
      [transportLists.truck_type, 'truckType', 'transport truck_type'],
      [trailerLists.modifications, 'trailerModification', 'trailer modifications'],
      [trailerLists.type, 'trailerType', 'trailer type'],
      [trailerLists.type_of_ownership, 'ownershipType', 'trailer type_of_ownership'],
    ];
    for (const [list, enumeration, where] of expected) {
      checkList(list, where);
      expect(idsOf(list), where).toEqual(enums[enumeration]);
    }
  });
});
