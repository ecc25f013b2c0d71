/**
 * Conformance of the generic screens over the whole registry: every property of every schema (nested
 * ones included) is drawn by a registered field kind, every reference names a resource of the registry,
 * and the list, show and create views of every resource render with empty data without throwing.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resources } from '../../resources';
import { CrudForm } from '../../src/crud/crud-form';
import { CrudList } from '../../src/crud/crud-list';
import { CrudShow } from '../../src/crud/crud-show';
import { formSchemaOf, schemaOf } from '../../src/crud/schemas';
import { json } from '../../src/crud/test-fetch';
import { TestRefine } from '../../src/crud/test-support';
import { findFieldKind } from '../../src/fields/registry';
import { initTestI18n } from '../../src/i18n/test-i18n';
import { signInForTest } from '../../src/access/test-session';
import type { PropertySchema } from '../../validation/prepare-schema';
import { annotationKeywords } from '../../validation/vocabulary';

vi.mock('../../src/providers/toast', () => ({ preloadToasts: vi.fn(), toast: vi.fn(), closeToast: vi.fn() }));

beforeAll(async () => {
  await initTestI18n();
  // An administrator: every button and field of the generic pages is drawn.
  signInForTest();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Every property path of a schema with its sub-schema, nested objects and list items included. */
function propertiesOf(properties: Record<string, PropertySchema>, prefix = ''): Array<[string, PropertySchema]> {
  return Object.entries(properties).flatMap(([name, property]) => {
    const path = `${prefix}${name}`;
    const nested: Array<[string, PropertySchema]> = [];
    if (property.properties) nested.push(...propertiesOf(property.properties, `${path}.`));
    if (property.items?.properties) nested.push(...propertiesOf(property.items.properties, `${path}[].`));
    return [[path, property] as [string, PropertySchema], ...nested];
  });
}

/** A record with the id and every path-parameter field filled, the rest empty. */
function emptyRecord(resource: (typeof resources)[number]): Record<string, unknown> {
  const record: Record<string, unknown> = { [resource.idField ?? 'id']: '1', version: 1 };
  if (resource.parent) record[resource.parent.field] = '1';
  for (const field of Object.values(resource.pathFields ?? {})) record[field] = '1';
  return record;
}

function paramsOf(resource: (typeof resources)[number]): Record<string, string> | undefined {
  return resource.parent ? { [resource.parent.param]: '1' } : undefined;
}

describe('field kinds over the registry', () => {
  it('draw every x-widget value the vocabulary allows', () => {
    const widgetKeyword = annotationKeywords.find((definition) => definition.keyword === 'x-widget');
    const values = (widgetKeyword?.metaSchema as { enum: string[] }).enum;
    for (const value of values) {
      const kind = findFieldKind({ type: 'string', 'x-widget': value });
      expect(kind, value).toBeDefined();
      if (!['text', 'email', 'files'].includes(value)) expect(kind?.name, value).toBe(value);
    }
  });

  for (const resource of resources) {
    it(`${resource.name}: every property has a field kind and every reference a known resource`, () => {
      const unmatched = propertiesOf(schemaOf(resource).properties).filter(([, property]) => !findFieldKind(property));
      expect(unmatched.map(([path]) => path)).toEqual([]);
      const unknownRefs = propertiesOf(schemaOf(resource).properties)
        .map(([path, property]) => [path, (property['x-ref'] as { resource?: string } | undefined)?.resource] as const)
        .filter(([, target]) => target !== undefined && !resources.some((candidate) => candidate.name === target));
      expect(unknownRefs).toEqual([]);
    });
  }
});

// A view the resource does not have is not a test at all (rather than a skipped one).
const itWhen = (condition: boolean) => (condition ? it : ((() => undefined) as unknown as typeof it));

describe('generic views over the registry', () => {
  for (const resource of resources.filter(({ api }) => api.list || api.show || api.create)) {
    describe(resource.name, () => {
      itWhen(Boolean(resource.api.list))('renders its list with no records', async () => {
        vi.stubGlobal(
          'fetch',
          vi.fn(() => Promise.resolve(json({ data: [], pagination: { total: 0, currentPage: 1, perPage: 10, lastPage: 1 } }))),
        );
        render(
          <MemoryRouter>
            <TestRefine>
              <CrudList resource={resource} params={paramsOf(resource)} />
            </TestRefine>
          </MemoryRouter>,
        );
        await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());
        expect(screen.getByTestId(`crud-list-${resource.name}`)).toBeTruthy();
      });

      itWhen(Boolean(resource.api.show))('renders its show page for an empty record', async () => {
        const record = emptyRecord(resource);
        vi.stubGlobal(
          'fetch',
          vi.fn((url: string) =>
            Promise.resolve(json(url.includes('/show/') ? { data: record } : { data: [], pagination: { total: 0, currentPage: 1, perPage: 10, lastPage: 1 } })),
          ),
        );
        render(
          <MemoryRouter initialEntries={[{ pathname: '/record', state: { record } }]}>
            <TestRefine>
              <CrudShow resource={resource} id="1" />
            </TestRefine>
          </MemoryRouter>,
        );
        expect(await screen.findByTestId(`crud-show-${resource.name}`)).toBeTruthy();
      });

      itWhen(Boolean(resource.api.create))('renders its create form', async () => {
        vi.stubGlobal(
          'fetch',
          vi.fn(() => Promise.resolve(json({ data: [] }))),
        );
        const schema = formSchemaOf(resource, 'create');
        render(
          <MemoryRouter>
            <TestRefine>
              <CrudForm resource={resource} mode="create" open params={paramsOf(resource)} onClose={vi.fn()} />
            </TestRefine>
          </MemoryRouter>,
        );
        expect(await screen.findByRole('button', { name: 'Save' })).toBeTruthy();
        const first = Object.keys(schema.properties)[0];
        if (first)
          expect(
            document.getElementById(`${resource.name}-create_${first}`) ?? document.querySelector(`[id^="${resource.name}-create_${first}"]`),
          ).toBeTruthy();
      });
    });
  }
});
