/** The generic show page of a record (`routes.show`; the record's id is the route's `:id`-like parameter), a lazy chunk of its own. */
import { useLocation, useParams } from 'react-router';
import { resourceByName } from '../../resources';
import { PageHeading, type ParentPage } from '../pages/common/page-heading';
import { CrudShow } from './crud-show';
import { pathParamsFromQuery } from './load-record';

export function CrudShowPage({ resource, titleKey, parent }: { resource: string; titleKey: string; parent?: ParentPage }) {
  const definition = resourceByName(resource);
  const params = useParams();
  // The route's last parameter is the record's id, whatever its name (`/companies/:companyId`).
  const values = Object.values(params).filter((value): value is string => Boolean(value));
  const id = params.id ?? values[values.length - 1] ?? '';
  // Path parameters besides the id carried in the URL query by the list's show link (`?companyId=7`).
  const pathParams = pathParamsFromQuery(definition, useLocation().search);
  return (
    <>
      <PageHeading titleKey={titleKey} parent={parent} />
      <CrudShow key={id} resource={definition} id={id} params={pathParams} />
    </>
  );
}
