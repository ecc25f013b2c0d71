/**
 * The field kinds, in priority order: the first whose `match` accepts a property draws it. A property with
 * `x-widget` or a telling format (IBAN, phone, web address, date), a reference or an enumeration gets its own kind before
 * the plain types (boolean, number, list, object, text). Adding a kind: a folder src/fields/<kind>/ with
 * its match, Display and Widget, and one line here.
 */
import type { PropertySchema } from '../../validation/prepare-schema';
import { booleanKind } from './boolean';

import { countryKind } from './country';
import { currencyKind } from './currency';
import { dateKind } from './date';
import { daysLeftKind } from './days-left';
import { enumKind } from './enum';
import { enumListKind } from './enum-list';
import { fileKind } from './file';
import { ibanKind } from './iban';
import { listKind } from './list';
import { lookupListKind } from './lookup';
import { numberKind } from './number';
import { objectKind } from './object';
import { passwordKind } from './password';
import { permissionsKind } from './permissions';
import { phoneKind } from './phone';
import { referenceKind } from './reference';
import { referencesKind } from './references';
import { textKind } from './text';
import { textareaKind } from './textarea';
import type { FieldKind } from './types';
import { warningsKind } from './warnings';
import { webAddressKind } from './web-address';

export const fieldKinds: readonly FieldKind[] = [
  fileKind,
  warningsKind,
  daysLeftKind,
  passwordKind,
  ibanKind,
  phoneKind,
  webAddressKind,
  countryKind,
  currencyKind,
  lookupListKind,
  permissionsKind,
  referenceKind,
  referencesKind,
  enumKind,
  enumListKind,
  dateKind,
  textareaKind,
  booleanKind,
  numberKind,
  listKind,
  objectKind,
  textKind,
];

/** The kind that draws a property, or undefined when none matches (the conformance test forbids that). */
export function findFieldKind(schema: PropertySchema): FieldKind | undefined {
  return fieldKinds.find((kind) => kind.match(schema));
}

export function fieldKindOf(schema: PropertySchema): FieldKind {
  return findFieldKind(schema) ?? textKind;
}

/** The RJSF widgets of every kind that has one, by kind name (`ui:widget`). */
export function rjsfWidgets(): Record<string, NonNullable<FieldKind['Widget']>> {
  return Object.fromEntries(fieldKinds.filter((kind) => kind.Widget).map((kind) => [kind.name, kind.Widget!]));
}

export type { FieldKind } from './types';
