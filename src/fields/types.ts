/**
 * A field kind: how one kind of schema property is recognised (`match`), shown (`Display`, in list cells
 * and on show pages) and edited (`Widget`, an RJSF widget). Kinds live in src/fields/<kind>/; the
 * registry (src/fields/registry.ts) lists them in priority order. Widgets only import RJSF's types, so
 * the list and show pages do not load RJSF.
 */
import type { WidgetProps } from '@rjsf/utils';
import type { ComponentType } from 'react';
import type { PropertySchema } from '../../validation/prepare-schema';

export interface DisplayProps {
  value: unknown;
  schema: PropertySchema;
  /** The field's name (for keys and test ids). */
  field: string;
  /** Where it shows: a list's cell may differ (`x-list-unit`). */
  view?: 'list' | 'show';
  /** The whole record, where the value is shown with it (an end of validity reads its start: `x-not-before`). */
  record?: Record<string, unknown>;
}

export interface FieldKind {
  name: string;
  match: (schema: PropertySchema) => boolean;
  Display: ComponentType<DisplayProps>;
  /** Absent: RJSF draws it with its own field (arrays and objects of sub-fields). */
  Widget?: ComponentType<WidgetProps>;
}

export type { PropertySchema, WidgetProps };
