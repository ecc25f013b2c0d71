/**
 * Operation ids and summaries: ids that are URL-safe and read well as generated method names
 * (`trailer_insurances_list`), summaries in English from the resource's own titles (`<name>.titleSingular`),
 * so a new resource reads right without a line written here.
 */
import type { EngineResource } from './model';

export type Translate = (key: string) => string;

/** `company-banks` → `company_banks`; `/api/transport/{id}/usage` → `transport_id_usage`. */
export function identifier(text: string): string {
  return text
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toLowerCase();
}

/** "Bank account" → "bank account"; an initialism stays as it is ("HR document"). */
function lowered(title: string): string {
  return /^[A-Z][A-Z]/.test(title) ? title : title.charAt(0).toLowerCase() + title.slice(1);
}

function withArticle(noun: string): string {
  return `${/^[aeiou]/i.test(noun) && !/^[A-Z][A-Z]/.test(noun) ? 'an' : 'a'} ${noun}`;
}

/** The English plural of a singular title ("Repair report" → "repair reports", "Address" → "addresses"). */
function plural(noun: string): string {
  if (/(s|x|z|ch|sh)$/.test(noun)) return `${noun}es`;
  if (/[^aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`;
  return `${noun}s`;
}

export interface ResourceWords {
  one: string;
  many: string;
  /** " of an employee" for a sub-resource, else "". */
  ofParent: string;
}

export function resourceWords(resource: EngineResource, t: Translate, parentOf: (name: string) => EngineResource | undefined): ResourceWords {
  const singular = lowered(t(`${resource.name}.titleSingular`));
  const parent = resource.definition.parent ? parentOf(resource.definition.parent.resource) : undefined;
  return {
    one: withArticle(singular),
    many: plural(singular),
    ofParent: parent ? ` of ${withArticle(lowered(t(`${parent.name}.titleSingular`)))}` : '',
  };
}

const SUMMARIES: Record<string, (words: ResourceWords) => string> = {
  list: (words) => `List ${words.many}${words.ofParent}`,
  show: (words) => `Show ${words.one}${words.ofParent}`,
  create: (words) => `Create ${words.one}${words.ofParent}`,
  update: (words) => `Update ${words.one}${words.ofParent}`,
  delete: (words) => `Delete ${words.one}${words.ofParent}`,
  check: (words) => `Check ${words.one} without saving it`,
  delete_impact: (words) => `Show what deleting ${words.one} does to the records that name it`,
  export: (words) => `Export ${words.many}${words.ofParent} as CSV or Excel`,
  import: (words) => `Import ${words.many} from a CSV or Excel file`,
};

/** `orders_create` and "Create an order". */
export function resourceOperation(resource: EngineResource, action: string, words: ResourceWords): { operationId: string; summary: string } {
  return { operationId: `${identifier(resource.name)}_${action}`, summary: SUMMARIES[action]?.(words) ?? `${action} ${words.many}` };
}
