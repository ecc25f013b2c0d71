/** The create and edit forms' schemas: what each form holds (requiredOnCreate, createOnly) and what it leaves to the labels (descriptions). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resourceByName, resources } from '../../resources';
import { enumerationsOf, prepareSchema, type EntitySchema } from '../../validation/prepare-schema';
import { deriveFormSchema } from './form-schema';

const enums = enumerationsOf(JSON.parse(readFileSync('schemas/enums.json', 'utf8')) as Record<string, unknown>);
const userSchema = prepareSchema(JSON.parse(readFileSync('schemas/user.json', 'utf8')) as EntitySchema, enums);
const users = resourceByName('users');
const documentTypes = resourceByName('hr-document-types');
const documentTypeSchema = prepareSchema(JSON.parse(readFileSync('schemas/hr-document-type.json', 'utf8')) as EntitySchema, enums);

describe('the form schemas of a resource', () => {
  it('require a member’s password in the create form and not in the edit form, where a blank one keeps it', () => {
    expect(users.requiredOnCreate).toEqual(['password']);
    expect(userSchema.required).not.toContain('password');
    expect(deriveFormSchema(users, userSchema, 'create').required).toContain('password');
    expect(deriveFormSchema(users, userSchema, 'edit').required).not.toContain('password');
  });

  it('keep each required field once', () => {
    const required = deriveFormSchema(users, userSchema, 'create').required ?? [];
    expect(new Set(required).size).toBe(required.length);
  });

  it('leave a document type’s statuses out of its edit form, where removing one would delete employee documents unasked', () => {
    expect(documentTypes.createOnly).toEqual(['statuses']);
    expect(Object.keys(deriveFormSchema(documentTypes, documentTypeSchema, 'create').properties)).toContain('statuses');
    expect(deriveFormSchema(documentTypes, documentTypeSchema, 'create').required).toContain('statuses');
    const edit = deriveFormSchema(documentTypes, documentTypeSchema, 'edit');
    expect(Object.keys(edit.properties)).not.toContain('statuses');
    expect(edit.required).not.toContain('statuses');
    expect(Object.keys(edit.properties)).toContain('name');
  });

  it('carry none of the schemas’ descriptions (the developer’s English notes), in any resource’s form or list item', () => {
    for (const definition of resources) {
      const schema = prepareSchema(JSON.parse(readFileSync(`schemas/${definition.schema}.json`, 'utf8')) as EntitySchema, enums);
      for (const mode of ['create', 'edit'] as const)
        expect(JSON.stringify(deriveFormSchema(definition, schema, mode)), definition.name).not.toContain('"description":"');
    }
    expect(JSON.stringify(documentTypeSchema)).toContain('"description":"');
  });
});
