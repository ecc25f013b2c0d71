/**
 * The generic pages of src/crud/, routed from the registry (src/crud/crud-routes.ts): a list page
 * (`routes.list`) and a show page (`routes.show`, the record's id is the route's `:id`-like parameter).
 *
 * Create and edit are dialogs (antd Modal) over the list or show page, not routes of their own: SPEC §2
 * names no create/edit paths, the user keeps the list in view, and the RJSF form is a lazy chunk loaded
 * when a dialog first opens (src/crud/form-modal.tsx, src/crud/crud-form.tsx).
 */
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { resourceByName } from '../../resources';
import { useAccess } from '../access/use-access';
import { PageHeading } from '../pages/common/page-heading';
import { CrudList } from './crud-list';
import { CrudShow } from './crud-show';
import { pathParamsFromQuery } from './load-record';

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

export function CrudShowPage({ resource, titleKey }: { resource: string; titleKey: string }) {
  const definition = resourceByName(resource);
  const params = useParams();
  // The route's last parameter is the record's id, whatever its name (`/companies/:companyId`).
  const values = Object.values(params).filter((value): value is string => Boolean(value));
  const id = params.id ?? values[values.length - 1] ?? '';
  // Path parameters besides the id carried in the URL query by the list's show link (`?companyId=7`).
  const pathParams = pathParamsFromQuery(definition, useLocation().search);
  return (
    <>
      <PageHeading titleKey={titleKey} />
      <CrudShow key={id} resource={definition} id={id} params={pathParams} />
    </>
  );
}
