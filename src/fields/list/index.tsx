/**
 * Lists (`type: "array"`): texts joined by commas; sub-records by their names where each has one (a repair's files:
 * "invoice.pdf, photo.jpg +1 more"), else as a count ("3 items"); RJSF draws the editor.
 */
import { useTranslation } from 'react-i18next';
import type { DisplayProps, FieldKind } from '../types';
import { Blank, hasType } from '../shared';
import './list.css';

/** The properties that name a sub-record, in the order they are looked for. */
const namingProperties = ['name', 'title', 'file_name'];

/** How many names a cell shows before "+N more": a list row stays a few lines high. */
const namesShown = 3;

function nameOf(item: unknown): string | undefined {
  if (typeof item !== 'object' || item === null) return undefined;
  for (const property of namingProperties) {
    const value = (item as Record<string, unknown>)[property];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return undefined;
}

function ListDisplay({ value }: DisplayProps) {
  const { t } = useTranslation();
  if (!Array.isArray(value) || value.length === 0) return <Blank />;
  if (value.every((item) => typeof item !== 'object' || item === null)) return <>{value.join(', ')}</>;
  const names = value.map(nameOf);
  if (names.some((name) => name === undefined)) return <>{t('fields.list.items', { count: value.length })}</>;
  const rest = names.length - namesShown;
  const shown = names.slice(0, namesShown).join(', ');
  return (
    // The list's table is as wide as its cells' text (crud.css): long file names wrap within this width instead of
    // pushing the row's actions off the screen.
    <span className="field-list-names" title={rest > 0 ? names.join(', ') : undefined}>
      {rest > 0 ? `${shown} ${t('fields.list.more', { count: rest })}` : shown}
    </span>
  );
}

export const listKind: FieldKind = {
  name: 'list',
  match: (schema) => hasType(schema, 'array'),
  Display: ListDisplay,
};
