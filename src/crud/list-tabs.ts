/**
 * Tabs by an enum field (a resource's `listTabs`, e.g. HR main's employee categories): the tabs are the
 * enum's values in its order, and the open tab is the list's `eq` filter on the field, so it is in the URL
 * with the list's other state. A list opened without one shows the field's default value (the schema's
 * `default`, else the first value), as its first request: the boot module asks for the same.
 */
import type { CrudFilter } from '@refinedev/core';
import type { ResourceDefinition } from '../../resources';
import { propertyOf } from './schemas';

/** The values of the tabbed field, in order; empty for a resource without `listTabs`. */
export function listTabValues(resource: ResourceDefinition): string[] {
  const field = resource.listTabs?.field;
  if (!field) return [];
  const values = propertyOf(resource, field)?.enum;
  if (!Array.isArray(values) || values.length === 0) throw new Error(`${resource.name}: listTabs.field "${field}" is not an enum field`);
  return values.map(String);
}

/** The tab a list opens on. */
export function defaultListTab(resource: ResourceDefinition): string | undefined {
  const values = listTabValues(resource);
  if (values.length === 0) return undefined;
  const fallback = propertyOf(resource, resource.listTabs!.field)?.default;
  return typeof fallback === 'string' && values.includes(fallback) ? fallback : values[0];
}

/** The filters a list starts with: the default tab's, or none. */
export function initialFilters(resource: ResourceDefinition): CrudFilter[] {
  const tab = defaultListTab(resource);
  return tab === undefined ? [] : [{ field: resource.listTabs!.field, operator: 'eq', value: tab }];
}
