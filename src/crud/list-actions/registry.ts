/**
 * Buttons a list page can show beside its Create button (a resource's `listActions`), by name: one registry,
 * so a resource declares an action and every list page can draw it, as with panels (../panels/registry.ts).
 * Each is a lazy chunk of its own; `tests/conformance` checks that every name a resource declares is here.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ListActionProps } from './list-action-props';

export const listActions: Record<string, LazyExoticComponent<ComponentType<ListActionProps>>> = {
  'order-settings': lazy(() => import('./order-settings').then((module) => ({ default: module.OrderSettingsAction }))),
};
