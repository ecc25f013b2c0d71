/**
 * The labels of a resource's records, for members who may not view the resource but work with records that
 * reference it: a dispatcher who plans orders picks their drivers among the employees, and a fleet manager the
 * two people of a handover act, without holding the HR right. Such a member calls the resource's own list (the
 * web app's pickers and reference cells need no other endpoint) and gets each record as its label only: the id
 * and the `label` / `labelFormat` fields of its definition, with masked fields masked, and nothing else.
 *
 * Who: a holder of `view`, `create` or `update` of a resource with an `x-ref` to this one (what a picker in its
 * form, or a reference cell in its list, needs), and anyone who asks for labels only (`labels=true`). What they may ask: a page (`page`, `perPage`, `cursor`), the
 * pickers' `search` and the reference cells' `ids`, in the list's default order. Any filter or sort would let
 * them sort or sift the records by what they may not see: refused (`refuseBeyondLabels`).
 */
import { ACTIONS, permissionName } from '../../resources/permissions';
import { HttpError } from '../http-error';
import type { EngineModel, EngineResource } from './model';

/** The list's parameters a member who reads labels only may send. */
const LABEL_PARAMETERS: ReadonlySet<string> = new Set(['page', 'perPage', 'cursor', 'search', 'ids', 'labels']);

/**
 * Whether a list request asks for labels only (`labels=true`), as the web app's reference cells and pickers do: any
 * member may, and then receives each record as its label, as a label reader does. A member who may see the
 * sensitive fields then receives none, so no read of them is recorded in the audit log: the orders list naming its
 * drivers had written a "viewed sensitive data" entry into each driver's history at every load.
 */
export function labelsAsked(query: Record<string, unknown>): boolean {
  // Left empty (`labels=`), as any other list parameter, it asks for nothing.
  const value = typeof query.labels === 'string' ? query.labels.trim() : query.labels;
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  throw new HttpError(422, 'errors.invalidData', { fieldErrors: { labels: [{ key: 'validation.type.boolean' }] } });
}

/** The rights that let a member read this resource's labels: any right but delete on a resource that references it. */
export function labelRights(model: EngineModel, resource: EngineResource): string[] {
  const own = resource.definition.permission;
  const keys = model.resources
    .filter((other) => other.references.some((reference) => reference.ref.resource === resource.name))
    .map((other) => other.definition.permission)
    .filter((key) => key !== own);
  const actions = ACTIONS.filter((action) => action !== 'delete');
  return [...new Set(keys)].flatMap((key) => actions.map((action) => permissionName(key, action)));
}

/**
 * Refuses what a label reader may not ask (see above). Asked with `labels=true`, a filter or sort is a request that
 * contradicts itself: a 422 naming each such parameter. Asked by a member who reads labels only for want of the view
 * right, it is the list itself they may not see: a 403, as for any page without the right (a member whose HR right
 * was taken away while HR main was open got "the data given is invalid" at their next click).
 */
export function refuseBeyondLabels(query: Record<string, unknown>, { viewer }: { viewer: boolean }): void {
  const beyond = Object.keys(query).filter((name) => !LABEL_PARAMETERS.has(name));
  if (beyond.length === 0) return;
  if (!viewer) throw new HttpError(403, 'errors.forbidden');
  throw new HttpError(422, 'errors.invalidData', { fieldErrors: Object.fromEntries(beyond.map((name) => [name, [{ key: 'validation.notAllowed' }]])) });
}

/** The fields a record's label is made of (resources/label.ts): all a label reader's search may find its words in. */
export function labelFields(resource: EngineResource): string[] {
  const { label, labelFormat } = resource.definition;
  const formatted = [...(labelFormat ?? '').matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
  return [...new Set([...label, ...formatted])];
}

/**
 * A wire record cut down to its ids and its label's fields; `detail`: and the fields that tell two alike labels
 * apart in a picker (`labelDetail`: an employee's e-mail or phone), for a member who may view the records.
 */
export function labelRecord(resource: EngineResource, record: Record<string, unknown>, { detail = false } = {}): Record<string, unknown> {
  const kept = new Set(['id', resource.idField, ...labelFields(resource), ...(detail ? (resource.definition.labelDetail ?? []) : [])]);
  return Object.fromEntries(Object.entries(record).filter(([field]) => kept.has(field)));
}
