import { describe, expect, it } from 'vitest';
import { resourceByName, resources } from '../../../resources';
import { schemaOf } from '../../crud/schemas';
import { distinguishSameLabels } from './same-labels';

const employees = resourceByName('employees');

describe('picker options that read alike', () => {
  it('tells two drivers of the same name apart by the first detail they have, else their number, and leaves the rest', () => {
    const records: Record<string, Record<string, unknown>> = {
      '1': { id: 1, email: 'a.boyko@example.com' },
      '2': { id: 2, email: '', phone: '+380 44 123 4567' },
      '3': { id: 3 },
      '4': { id: 4, email: 'olena@example.com' },
    };
    const options = [
      { value: '1', label: 'Andriy Boyko' },
      { value: '2', label: 'Andriy Boyko' },
      { value: '3', label: 'Andriy Boyko' },
      { value: '4', label: 'Olena Melnyk' },
    ];
    expect(distinguishSameLabels(employees, options, (value) => records[value]).map((option) => option.label)).toEqual([
      'Andriy Boyko · a.boyko@example.com',
      'Andriy Boyko · +380 44 123 4567',
      'Andriy Boyko · #3',
      'Olena Melnyk',
    ]);
  });

  it('names only fields every member may see, and fields the schema has', () => {
    for (const resource of resources) {
      for (const field of resource.labelDetail ?? []) {
        const property = schemaOf(resource).properties[field];
        expect(property, `${resource.name}.${field}`).toBeDefined();
        expect(property['x-sensitive'], `${resource.name}.${field}`).not.toBe(true);
      }
    }
  });
});
