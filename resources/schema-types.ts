/**
 * The shape of a JSON Schema file in schemas/ as the registry reads it (field labels, views). Here, beside the
 * registry, so that resources/ needs nothing from validation/, which builds on both.
 */
export interface EntitySchema {
  $id: string;
  type: 'object';
  required?: string[];
  properties: Record<string, PropertySchema>;
  [keyword: string]: unknown;
}

export interface PropertySchema {
  type?: string | string[];
  enum?: Array<string | number>;
  'x-enum'?: string;
  items?: PropertySchema;
  properties?: Record<string, PropertySchema>;
  [keyword: string]: unknown;
}
