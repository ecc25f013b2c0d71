/**
 * The words a spreadsheet uses for a resource's fields and values, in each of the six languages: column
 * headings (the field labels of `locales/`), enum labels, yes and no, country and contract-type names. An export
 * writes them in the member's language; an import reads them in any language (and the ids and codes too),
 * compared without case, accents or surrounding blanks.
 */
import { untranslatedLabel } from '../../resources/field-labels';
import type { PropertySchema } from '../../validation/prepare-schema';
import { LANGUAGES, type Language, type Translate, type Translator } from '../i18n/i18n';
import type { LookupListName } from '../../validation/vocabulary';
import { countryList, loadReferenceData, lookupLists, type Country, type LookupItem } from '../lookups/reference-lists';
import type { EngineResource } from '../engine/model';
import { foldText } from '../../validation/fold-text';

/** Text as compared when reading a file: folded as a search folds it (no accents, no case), single spaces. */
export function comparable(text: string): string {
  return foldText(text).replace(/\s+/g, ' ').trim();
}

/** A translation, or undefined where `locales/` has none (i18next answers the key itself then). */
function translated(t: Translate, key: string): string | undefined {
  const text = t(key);
  return text && text !== key ? text : undefined;
}

export interface Lookups {
  countries: Country[];
  /** The reference lists of `x-lookup` fields: contract types, car models, tracking systems. */
  lists: Record<LookupListName, LookupItem[]>;
}

let loadedLookups: Lookups | undefined;

/** Countries and the `x-lookup` lists, read once (the same lists `/api/countries`, `/api/contracts` and `/api/app/load-data` answer). */
export function lookups(referenceDataDir?: string): Lookups {
  if (referenceDataDir) return { countries: countryList(), lists: lookupLists(loadReferenceData(referenceDataDir)) };
  loadedLookups ??= { countries: countryList(), lists: lookupLists(loadReferenceData()) };
  return loadedLookups;
}

/**
 * `label` with the unit a number field is stored in (`x-unit`), which is what a file holds: a vehicle's weight in
 * tonnes (the list shows kg, `x-list-unit`, but a file must import back as it was written).
 */
function withUnit(t: Translate, resource: EngineResource, field: string, label: string): string {
  const unit = resource.properties[field]?.['x-unit'];
  return typeof unit === 'string' ? `${label} (${translated(t, `units.${unit}`) ?? unit})` : label;
}

/** The words of one language, for an export. */
export class Words {
  private readonly countries: Map<string, string>;
  private readonly lookupNames = new Map<LookupListName, Map<string, string>>();

  constructor(
    readonly t: Translate,
    readonly language: Language,
    lists: Lookups,
  ) {
    this.countries = new Map(lists.countries.map((country) => [country.iso, country.names[language]]));
    for (const [list, items] of Object.entries(lists.lists) as Array<[LookupListName, LookupItem[]]>)
      this.lookupNames.set(list, new Map(items.map((item) => [item.id, item.names[language] ?? item.name])));
  }

  /** The field's label, with the unit its numbers are written in: "Gewicht (t)", "Preis (€)". */
  heading(resource: EngineResource, field: string): string {
    return withUnit(this.t, resource, field, translated(this.t, `${resource.name}.fields.${field}`) ?? untranslatedLabel(resource.properties[field], field));
  }

  enumLabel(property: PropertySchema, value: unknown): string {
    const name = property['x-enum'];
    return (typeof name === 'string' && translated(this.t, `enums.${name}.${String(value)}`)) || String(value);
  }

  yesNo(value: boolean): string {
    return translated(this.t, value ? 'fields.boolean.yes' : 'fields.boolean.no') ?? (value ? 'Yes' : 'No');
  }

  /** "Germany (DE)", as the list shows a country. */
  country(code: string): string {
    const name = this.countries.get(code);
    return name && name !== code ? `${name} (${code})` : code;
  }

  /** An item of an `x-lookup` list by its name in this language ("Employment contract", "DAF XF"); an id the list lacks as it is. */
  lookup(list: LookupListName, id: string): string {
    return this.lookupNames.get(list)?.get(id) ?? id;
  }
}

/** Every way a value can be written in a file, mapped to the value: labels in all six languages, ids, codes. */
export class Readings {
  private readonly byLanguage: Translate[];

  constructor(
    translator: Translator,
    private readonly lists: Lookups,
  ) {
    this.byLanguage = LANGUAGES.map((language) => translator.forLanguage(language));
  }

  /** The comparable headings that name a field: its labels in every language and its name. */
  headings(resource: EngineResource, field: string): string[] {
    const untranslated = untranslatedLabel(resource.properties[field], field);
    const names = new Set([comparable(field), comparable(untranslated)]);
    for (const t of this.byLanguage) {
      const label = translated(t, `${resource.name}.fields.${field}`);
      if (label) names.add(comparable(label));
      // As an export writes it: with the unit (Words.heading).
      names.add(comparable(withUnit(t, resource, field, label ?? untranslated)));
    }
    return [...names];
  }

  /** Comparable label or id → the enum's value. */
  enumValues(property: PropertySchema): Map<string, string | number> {
    const values = property.enum ?? property.items?.enum ?? [];
    const name = property['x-enum'] ?? property.items?.['x-enum'];
    const map = new Map<string, string | number>();
    for (const value of values) {
      map.set(comparable(String(value)), value);
      if (typeof name !== 'string') continue;
      for (const t of this.byLanguage) {
        const label = translated(t, `enums.${name}.${String(value)}`);
        if (label && !map.has(comparable(label))) map.set(comparable(label), value);
      }
    }
    return map;
  }

  /** Comparable words for yes and no in every language (and true/false, 1/0). */
  booleans(): Map<string, boolean> {
    const map = new Map<string, boolean>([
      ['true', true],
      ['false', false],
      ['1', true],
      ['0', false],
      ['yes', true],
      ['no', false],
    ]);
    for (const t of this.byLanguage) {
      for (const [key, value] of [
        ['fields.boolean.yes', true],
        ['fields.boolean.no', false],
      ] as const) {
        const word = translated(t, key);
        if (word) map.set(comparable(word), value);
      }
    }
    return map;
  }

  /** Comparable code, name in any language, or "Name (CODE)" → the ISO code. */
  countries(): Map<string, string> {
    const map = new Map<string, string>();
    for (const country of this.lists.countries) {
      map.set(comparable(country.iso), country.iso);
      map.set(comparable(country.iso3), country.iso);
      for (const name of Object.values(country.names)) {
        map.set(comparable(name), country.iso);
        map.set(comparable(`${name} (${country.iso})`), country.iso);
      }
    }
    return map;
  }

  /** Comparable id or name in any language → the id of an item of an `x-lookup` list (as text). */
  lookup(list: LookupListName): Map<string, string> {
    const map = new Map<string, string>();
    for (const item of this.lists.lists[list]) {
      map.set(comparable(item.id), item.id);
      for (const name of [item.name, ...Object.values(item.names)]) if (name && !map.has(comparable(name))) map.set(comparable(name), item.id);
    }
    return map;
  }
}
