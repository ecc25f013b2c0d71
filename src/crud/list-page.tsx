/**
 * The generic list page of a resource (`routes.list`), a lazy chunk of its own: the list, its filters
 * and, for a resource with `sections`, the lists of the resources it manages as tabs; above them, the
 * resource's `listPanels` (panels/). The show page
 * (crud-show.tsx, with its tabs and the record's history) is another chunk, so a list loads neither.
 *
 * The page's list keeps its state in the URL (`syncWithLocation`); with sections, the open tab is there
 * too (`?tab=suppliers`), and only the open tab's list is mounted, so one list at a time owns the URL.
 */
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { resourceByName } from '../../resources';
import { useAccess } from '../access/use-access';
import { PageHeading } from '../pages/common/page-heading';
import { CrudList } from './crud-list';
import { tabParameter } from './list-state';
import { ListActions } from './list-actions/list-actions';
import { ListPanels } from './panels/list-panels';

export function CrudListPage({ resource, titleKey, searchFirst = false }: { resource: string; titleKey: string; searchFirst?: boolean }) {
  const { t } = useTranslation();
  const definition = resourceByName(resource);
  const access = useAccess();
  const [query, setQuery] = useSearchParams();
  // Sections the member may not list are left out (the page itself needs the resource's own view right).
  const sections = (definition.sections ?? []).filter((name) => access.can(name, 'list'));
  const lists = [definition, ...sections.map((name) => resourceByName(name))];
  const open = lists.find((section) => section.name === query.get(tabParameter)) ?? definition;
  return (
    <>
      <PageHeading titleKey={titleKey} />
      <ListPanels resource={definition} />
      {sections.length === 0 ? (
        <CrudList resource={definition} searchFirst={searchFirst} syncWithLocation extraActions={<ListActions resource={definition} />} />
      ) : (
        // The resource's list, then the lists of the resources it manages on the same page (`sections`).
        <Tabs
          data-testid="crud-sections"
          destroyOnHidden
          activeKey={open.name}
          // Another tab's list starts afresh: the query of the list left behind is not its state. The
          // history entry is replaced, as tabs do elsewhere: Back does not step through the page's tabs.
          onChange={(key) => setQuery(key === definition.name ? {} : { [tabParameter]: key }, { replace: true })}
          items={lists.map((section) => ({
            key: section.name,
            label: t(`${section.name}.title`, { defaultValue: section.name }),
            children: section === open ? <CrudList resource={section} syncWithLocation extraActions={<ListActions resource={section} />} /> : null,
          }))}
        />
      )}
    </>
  );
}
