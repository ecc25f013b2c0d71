/**
 * The generic pages of src/crud/, routed from the registry (src/crud/crud-routes.ts): a list page
 * (`routes.list`) and a show page (`routes.show`, the record's id is the route's `:id`-like parameter).
 *
 * Create and edit are dialogs (antd Modal) over the list or show page, not routes of their own: SPEC §2
 * names no create/edit paths, the user keeps the list in view, and the RJSF form is a lazy chunk loaded
 * when a dialog first opens (src/crud/form-modal.tsx, src/crud/crud-form.tsx).
 */
import { useParams } from 'react-router';
import { resourceByName } from '../../resources';
import { PageHeading } from '../pages/common/page-heading';
import { CrudList } from './crud-list';
import { CrudShow } from './crud-show';

export function CrudListPage({ resource, titleKey }: { resource: string; titleKey: string }) {
  const definition = resourceByName(resource);
  return (
    <>
      <PageHeading titleKey={titleKey} />
      <CrudList resource={definition} />
    </>
  );
}

export function CrudShowPage({ resource, titleKey }: { resource: string; titleKey: string }) {
  const definition = resourceByName(resource);
  const params = useParams();
  // The route's last parameter is the record's id, whatever its name (`/companies/:companyId`).
  const values = Object.values(params).filter((value): value is string => Boolean(value));
  const id = params.id ?? values[values.length - 1] ?? '';
  return (
    <>
      <PageHeading titleKey={titleKey} />
      <CrudShow key={id} resource={definition} id={id} />
    </>
  );
}
