/**
 * The shape of a resource definition: small and serializable (no JSX, no functions in the result), read
 * by the server (routes, storage, OpenAPI) and by the web app (menu, routes, generic pages).
 * Labels are translation keys derived from `name`: `<name>.title`, `<name>.fields.<field>`,
 * `<name>.empty` (the empty-list message), `menu.<menu.key>`. The web app hands every definition to
 * Refine as a resource (src/layout/refine-resources.tsx): routes, label, icon, group and parent in `meta`.
 */

/** One endpoint: method and path under /api, with `{id}` for the record id and `{param}` for others. */
export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
}

/**
 * Create and update that take a multipart form (the form's fields as text, plus files) instead of JSON,
 * for a record that carries its files (a repair report). The routes are hand-written, so they are not in
 * `api` (the engine would generate JSON routes there); the generic form sends the fields and the files
 * picked in it to these paths with an upload progress, lists the stored files with download and delete.
 */
export interface MultipartApi {
  /**
   * `{param}`s are filled from the form's fields (`/transport/repairs/store/{transport_id}`) or the path
   * parameters; such a field, absent from the update path, cannot change afterwards: read-only when editing.
   */
  create: Endpoint;
  /** `{id}` is the record's id; fields cleared in the form are sent empty (the route then clears them). */
  update: Endpoint;
  /** The multipart name of each new file: `repair_files[]`. */
  filesField: string;
  /** The record's (readOnly) list of stored files, `[{ file_id, file_name }]`, each downloadable at `/files/{file_id}`. */
  filesProperty: string;
  /** Deletes one stored file; `{id}` is its `file_id`. Absent: stored files cannot be deleted one by one. */
  deleteFile?: Endpoint;
}

export interface ResourceApi {
  list?: Endpoint;
  show?: Endpoint;
  create?: Endpoint;
  update?: Endpoint;
  delete?: Endpoint;
}

/** The sidebar groups of SPEC §1, in its order (labels `menu.<group>`; their icons are in resources/menu.ts). */
export const sidebarGroups = ['logistic', 'vehicles', 'personal', 'companyManagement', 'maintenance'] as const;

export type SidebarGroup = (typeof sidebarGroups)[number];

/** Where a page shows in the sidebar. */
export interface MenuPlacement {
  /**
   * The group of SPEC §1 it is listed under (also what the permission presets go by, resources/permissions.ts).
   * Absent: an entry of its own at the top of the sidebar, before the groups (the compliance page).
   */
  group?: SidebarGroup;
  /** An icon name of @ant-design/icons; src/layout/menu-icons.tsx maps the names in use to their components. */
  icon: string;
  /** The label is `menu.<key>`; in kebab-case the key also names the entry's test id (`menu-order-search`). */
  key: string;
  /** Position in its group (SPEC §1's order); entries without one come last, in registry order. */
  order?: number;
}

export interface ResourceDefinition {
  /** Registry key, table name (`r_<name>` with - as _), locale prefix, permission prefix. Plural, kebab-case. */
  name: string;
  /** The schema file name in schemas/ without `.json`. */
  schema: string;
  /** The API of SPEC §7; the engine generates these routes. Endpoints the engine cannot serve are left out here and hand-written. */
  api: ResourceApi;
  /** Optional. Create and update as multipart forms with files (MultipartApi): used instead of `api.create`/`api.update`. */
  multipart?: MultipartApi;
  /** How the record's id is named on the wire: `id` (default), `_id` (orders), `card_id`, `repair_id`. */
  idField?: string;
  /**
   * The owning record, for sub-resources (`/employees/{employeeId}/passports`): the path parameter that
   * carries the parent's id and the field under which the record shows it. Deleting the parent deletes
   * the record.
   */
  parent?: { resource: string; param: string; field: string };
  /**
   * Path parameters that are not the parent but fill a reference field (`/employees/{companyId}/store`
   * puts the company into `company_id`); on show/update/delete the record must match them.
   */
  pathFields?: Record<string, string>;
  /** Fields that make a record's label in pickers and titles, joined with spaces (`["board_names", "registration_number"]`). */
  label: string[];
  /**
   * Optional. Fields a new record must have that an update may leave out, which a schema's `required` cannot say: a
   * member's password (kept when an edit does not send one). The create form marks them required and checks them,
   * and the server answers a create without one with 422 "required" on the field. Users have `['password']`.
   */
  requiredOnCreate?: string[];
  /**
   * Optional. The records are the account's members: the signed-in member's own row and the account owner's
   * (`is_owner`) offer no delete, as the server refuses it (`members.cannotDeleteSelf`, `members.ownerCannotBeDeleted`,
   * server/rules/users.ts), but say why. Users have it.
   */
  signedInMembers?: boolean;
  /**
   * Optional. Fields the create form fills and the edit form leaves out, because they are changed elsewhere with
   * the care they need: a document type's statuses, edited in its status list, which says how many employee
   * documents a deleted status takes with it. An update that does not send them keeps them (the API still takes them).
   */
  createOnly?: string[];
  /**
   * Optional. Fields that tell records with the same label apart in a picker: where two options read alike (two drivers
   * named Andriy Boyko), the first of these a record has filled is added to its label ("Andriy Boyko · a.boyko@…"),
   * else its number. Only fields every member may see (not `x-sensitive`).
   */
  labelDetail?: string[];
  /**
   * Optional. How the `label` fields read, when not simply joined: `{board_names} ({registration_number})`
   * gives "Truck 01 (TR-001)" (resources/label.ts; a blank field's brackets go with it).
   */
  labelFormat?: string;
  /**
   * Web routes of SPEC §2 (absent: no page of its own, e.g. shown only as a tab). `list` and `show` are
   * served by the generic pages (src/routes.tsx). The generic pages create and edit in dialogs, so `create`
   * and `edit` are declared only for a page of its own that the route table has (a test checks it).
   */
  routes?: { list: string; show?: string; create?: string; edit?: string };
  /** Sidebar entry (needs `routes.list`; a sub-resource, with `parent`, has none: its list needs the owner's id). */
  menu?: MenuPlacement;
  /**
   * Which fields show where, in order. Absent: list shows the fields marked `x-list`, show and form
   * show every property of the schema (so a field an admin adds to a schema appears without code).
   */
  views?: { list?: string[]; show?: string[]; form?: string[] };
  /**
   * Optional. A derived list column written to an export as the fields it is made of, so the file can be imported
   * back (employees: the full name as first and last name). Other columns are exported as the list shows them.
   */
  exportParts?: Record<string, string[]>;
  /** Sub-resources shown as tabs on the detail page, in order. */
  tabs?: string[];
  /**
   * Optional. Other resources managed on this resource's list page (they have no page of their own): the
   * page then shows tabs, this resource's list first, then one generic list per name, in order, titled
   * `<name>.title`. The fuel cards page (`/maintenance-fuel-cards`) has `["suppliers"]`. Web app only.
   */
  sections?: string[];
  /**
   * Optional. The list page splits the list into tabs by the values of one enum field (`x-enum`, with
   * `x-filter: exact`), in the enum's order, each with its count under the list's other filters; the open
   * tab is a filter in the URL. HR main has `{ field: 'category' }` (SPEC §2). The counts come from
   * `GET <list path>/counts?by=<field>`, which the server allows only for this field.
   */
  listTabs?: { field: string };
  /**
   * Optional. Panels drawn above the list on its page, by name from the web app's panel registry
   * (src/crud/panels/registry.ts), in order: `recently-updated` (any resource: the five records changed
   * last, by whom and when), `expiring-documents` (HR: what expires soon). Web app only.
   */
  listPanels?: string[];
  /**
   * Optional. An endpoint that checks a record's body without storing it and answers `{ warnings: [{ field,
   * message, … }] }`: problems that do not stop a save (an order's driver whose licence expires during the
   * trip). The generic form calls it (debounced) as the member fills it in and lists the warnings above its
   * fields; saving answers the same `warnings` beside `data`, which the form shows as a notification. The
   * server serves it from the resource's rule `warnings` (server/engine/rule-types.ts), only the fields sent
   * being validated. Orders have `{ method: 'POST', path: '/orders/check' }`.
   */
  check?: Endpoint;
  /**
   * Optional. Buttons drawn beside the list's Create button, by name from the web app's registry
   * (src/crud/list-actions/registry.ts), in order: `order-settings` (administrators: the tenant's settings
   * about orders, `GET|PUT /api/settings/tenant`). Web app only.
   */
  listActions?: string[];
  /**
   * Optional. Records can be brought in from a CSV or XLSX file on the list page (issue 15): the server serves
   * `POST <list path>/import` (a dry run first, then all rows in one transaction or only the valid ones) and
   * the generic list draws an Import button. Every list, importable or not, is exported by
   * `GET <list path>/export?format=csv|xlsx` with its own filter, search and sort parameters.
   */
  importable?: boolean;
  /**
   * Optional, with `importable`. The field (an `x-index` text field) by which an imported row is the same as a
   * record already there, or as an earlier row of the file: orders by their cargo number. A dry run counts such
   * rows, and the import may skip them (`existing=skip`), so a file brought in twice does not make everything twice.
   */
  importMatch?: string;
  /** Default list order. */
  defaultSort?: { field: string; order: 'asc' | 'desc' };
  /** Permission key: members need `<permission>.view|create|update|delete`. */
  permission: string;
}

/** The common "action-first" pattern of SPEC §7: `/companies`, `/companies/show/{id}`, `/companies/store` … */
export function actionFirstApi(base: string, options: { show?: boolean } = {}): ResourceApi {
  return {
    list: { method: 'GET', path: base },
    ...(options.show === false ? {} : { show: { method: 'GET', path: `${base}/show/{id}` } }),
    create: { method: 'POST', path: `${base}/store` },
    update: { method: 'PUT', path: `${base}/update/{id}` },
    delete: { method: 'DELETE', path: `${base}/destroy/{id}` },
  };
}

/** The "id-first" pattern of the employee sub-resources: `/employees/{employeeId}/passports/{id}/update` … */
export function idFirstApi(base: string): ResourceApi {
  return {
    list: { method: 'GET', path: base },
    create: { method: 'POST', path: `${base}/store` },
    update: { method: 'PUT', path: `${base}/{id}/update` },
    delete: { method: 'DELETE', path: `${base}/{id}/destroy` },
  };
}

export function defineResource(definition: ResourceDefinition): ResourceDefinition {
  return definition;
}
