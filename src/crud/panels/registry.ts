/**
 * The panels a list page can show above its list (a resource's `listPanels`), by name: one registry, so
 * a resource declares a panel and every list page can draw it. Each panel is a lazy chunk of its own;
 * `tests/conformance` checks that every name a resource declares is here.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ListPanelProps } from './panel-props';

export const listPanels: Record<string, LazyExoticComponent<ComponentType<ListPanelProps>>> = {
  'recently-updated': lazy(() => import('./recently-updated-panel').then((module) => ({ default: module.RecentlyUpdatedPanel }))),
  'expiring-documents': lazy(() => import('./expiring-documents-panel').then((module) => ({ default: module.ExpiringDocumentsPanel }))),
};
