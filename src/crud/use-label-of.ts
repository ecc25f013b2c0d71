import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceDefinition } from '../../resources/types';
import { recordLabel } from '../../resources/label';
import { showDay } from '../../validation/day-format';
import { enumLabel } from '../fields/enum';
import { idOf, resourceOf, schemaOf } from './schemas';

/**
 * A record's label as the member reads it, for what names a record in words (a delete's question, a show page's
 * title, a move's question, a panel's line): an enumeration's code in the member's language ("Reparatur", not
 * "repair") and a day as the language writes it (03.05.2026). Pickers and reference cells keep labelOf, the label as
 * stored, which is what their search finds.
 */
export function useLabelOf(): (resource: ResourceDefinition | string, record: Record<string, unknown> | undefined | null) => string {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return useCallback(
    (resource, record) => {
      if (!record) return '';
      const definition = resourceOf(resource);
      const properties = schemaOf(definition).properties;
      const shown = (field: string, value: unknown) => {
        const property = properties[field];
        if (typeof property?.['x-enum'] === 'string' && (typeof value === 'string' || typeof value === 'number')) return enumLabel(t, property, value);
        if (property?.format === 'date' && typeof value === 'string') return showDay(value, language);
        return undefined;
      };
      return recordLabel(definition, record, shown) || idOf(definition, record) || '';
    },
    [t, language],
  );
}

/** A delete's question naming the record in words ("Delete “Maintenance 01.11.2026”?"), or the plain one when it has no name but its id. */
export function useDeleteQuestion(): (resource: ResourceDefinition, record: Record<string, unknown>) => string {
  const { t } = useTranslation();
  const labelInWords = useLabelOf();
  return useCallback(
    (resource, record) => {
      const name = labelInWords(resource, record);
      return name && name !== idOf(resource, record) ? t('crud.confirm.deleteNamed', { name }) : t('crud.confirm.deleteTitle');
    },
    [t, labelInWords],
  );
}
