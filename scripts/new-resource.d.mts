/** Types of the scaffold's exported functions (scripts/new-resource.mjs), for its test. */
export function singularName(name: string): string;
export function camelName(name: string): string;
export function sentenceName(name: string): string;
export function languagesIn(root: string): string[];
export function sidebarGroupsIn(root: string): string[];
export function definitionSource(options: { name: string; schema: string; group: string }): string;
export function withRegistryEntry(registry: string, name: string): string;
export function scaffold(options: { root: string; name: string; schema?: string; group?: string }): Promise<{
  schemaPath: string;
  resourcePath: string;
  registryPath: string;
  localePaths: string[];
  languages: string[];
}>;
