/**
 * The generic list page of a resource (`routes.list`), a lazy chunk of its own: the list, its filters
 * and, for a resource with `sections`, the lists of the resources it manages as tabs. The show page
 * (crud-show.tsx, with its tabs and the record's history) is another chunk, so a list loads neither.
 */
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { resourceByName } from '../../resources';
import { useAccess } from '../access/use-access';
import { PageHeading } from '../pages/common/page-heading';
import { CrudList } from './crud-list';

export function CrudListPage({ resource, titleKey, searchFirst = false }: { resource: string; titleKey: string; searchFirst?: boolean }) {
  const { t } = useTranslation();
  const definition = resourceByName(resource);
  const access = useAccess();
  // Sections the member may not list are left out (the page itself needs the resource's own view right).
  const sections = (definition.sections ?? []).filter((name) => access.can(name, 'list'));
  return (
    <>
      <PageHeading titleKey={titleKey} />
      {sections.length === 0 ? (
        <CrudList resource={definition} searchFirst={searchFirst} />
      ) : (
        // The resource's list, then the lists of the resources it manages on the same page (`sections`).
        <Tabs
          data-testid="crud-sections"
          destroyOnHidden
          items={[definition, ...sections.map((name) => resourceByName(name))].map((section) => ({
            key: section.name,
            label: t(`${section.name}.title`, { defaultValue: section.name }),
            children: <CrudList resource={section} />,
          }))}
        />
      )}
    </>
  );
}
