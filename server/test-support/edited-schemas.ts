/**
 * A copy of schemas/ in a folder of its own with one schema file changed, as an admin's edit leaves it; a server
 * started with `schemasDir` set to it runs on the changed schema. The caller removes the folder.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SCHEMAS_DIR } from '../engine/entity-schemas';

export interface EditableSchema {
  properties: Record<string, Record<string, unknown>>;
}

export async function editedSchemas(file: string, edit: (schema: EditableSchema) => void): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'fleetdesk-schemas-'));
  await fs.cp(SCHEMAS_DIR, dir, { recursive: true });
  const target = path.join(dir, file);
  const schema = JSON.parse(await fs.readFile(target, 'utf8')) as EditableSchema;
  edit(schema);
  await fs.writeFile(target, JSON.stringify(schema, null, 2));
  return dir;
}

/** The orders' notes searched too: a new search column, as a change of `x-search` makes it. */
export const searchOrderNotes = () =>
  editedSchemas('order.json', (schema) => {
    schema.properties.notes['x-search'] = true;
  });
