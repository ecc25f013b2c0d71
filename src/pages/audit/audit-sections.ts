/** The audit log's Section filter: every resource by a name that tells it from the others, in the user's language. */
import type { TFunction } from 'i18next';
import { resources } from '../../../resources';

export function auditSections(t: TFunction): { value: string; label: string }[] {
  return (
    resources
      // A title two resources share ("Bank accounts" of companies and of employees) has a longer one of its own here.
      .map((resource) => ({
        value: resource.name,
        label: t(`${resource.name}.sectionTitle`, { defaultValue: t(`${resource.name}.title`, { defaultValue: resource.name }) }),
      }))
      .sort((a, b) => a.label.localeCompare(b.label))
  );
}
