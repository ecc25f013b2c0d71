/** The access decisions: rights from the session user and the registry's permission keys. */
import { describe, expect, it } from 'vitest';
import english from '../../locales/en/translation.json';
import { resourceByName } from '../../resources';
import { NAMED_RIGHTS, permissionKeys, PRESET_NAMES, presetPermissions } from '../../resources/permissions';
import { sessionStore } from '../session/session-store';
import { accessControlProvider } from './access-control-provider';
import { can, canOpen, hasRight, registryAction, requiredPermission, routePermission, seesSensitive } from './access';
import { readOnlyFormFields } from './form-access';
import { testUser } from './test-session';
import { schemaOf } from '../crud/schemas';

const dispatcher = testUser({ administrator: false, is_owner: false, permissions: presetPermissions('dispatcher') });
const administrator = testUser({ administrator: true, permissions: [] });

function lookup(key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], english);
}

describe('can(user, resource, action)', () => {
  it("maps the pages' and Refine's actions onto the registry's", () => {
    expect(['list', 'show', 'create', 'edit', 'delete', 'clone'].map(registryAction)).toEqual(['view', 'view', 'create', 'update', 'delete', 'create']);
    expect(registryAction('export')).toBeUndefined();
    expect(requiredPermission('orders', 'edit')).toBe('orders.update');
    // sub-resources share their parent's key: a company's bank accounts need `companies.*`
    expect(requiredPermission('company-banks', 'create')).toBe('companies.create');
    expect(requiredPermission(resourceByName('passports'), 'list')).toBe('employees.view');
  });

  it('lets a Dispatcher work on orders and see the fleet, but not touch HR or members', () => {
    expect(can(dispatcher, 'orders', 'list')).toBe(true);
    expect(can(dispatcher, 'orders', 'delete')).toBe(true);
    expect(can(dispatcher, 'transport', 'edit')).toBe(true);
    expect(can(dispatcher, 'transport', 'delete')).toBe(false);
    expect(can(dispatcher, 'employees', 'list')).toBe(false);
    expect(can(dispatcher, 'passports', 'list')).toBe(false);
    expect(can(dispatcher, 'users', 'list')).toBe(true);
    expect(can(dispatcher, 'users', 'create')).toBe(false);
    expect(can(dispatcher, 'company-banks', 'list')).toBe(true);
    expect(can(dispatcher, 'company-banks', 'edit')).toBe(false);
    expect(seesSensitive(dispatcher)).toBe(false);
  });

  it('gives an administrator every right, whatever the list says', () => {
    for (const key of permissionKeys()) expect(hasRight(administrator, `${key}.delete`), key).toBe(true);
    for (const right of NAMED_RIGHTS) expect(hasRight(administrator, right)).toBe(true);
    expect(seesSensitive(administrator)).toBe(true);
  });

  it('refuses nobody signed in, unknown resources and unknown actions', () => {
    expect(can(null, 'orders', 'list')).toBe(false);
    expect(can(administrator, 'no-such-resource', 'list')).toBe(false);
    expect(can(administrator, 'orders', 'export')).toBe(false);
  });
});

describe('routes', () => {
  it('need the view right of the resource whose page they are, or the right of a hand-written page', () => {
    expect(routePermission('/personal-main')).toBe('employees.view');
    expect(routePermission('/personal-main/employee/:userId')).toBe('employees.view');
    expect(routePermission('/companies/:companyId')).toBe('companies.view');
    expect(routePermission('/')).toBe('orders.view');
    expect(routePermission('/order-search')).toBe('orders.view');
    expect(routePermission('/personal-departments')).toBe('departments.view');
    expect(routePermission('/audit-log')).toBe('audit.view');
    expect(routePermission('/personal-info')).toBeUndefined();
    // The pages under a hand-written page need its right: a handover act and the step form.
    expect(routePermission('/maintenance-acceptance-certificate/new')).toBe('transport.view');
    expect(routePermission('/maintenance-acceptance-certificate/:transportId/:id')).toBe('transport.view');
    expect(canOpen(dispatcher, '/personal-main')).toBe(false);
    expect(canOpen(dispatcher, '/transport')).toBe(true);
    expect(canOpen(dispatcher, '/audit-log')).toBe(false);
    expect(canOpen(dispatcher, '/settings')).toBe(true);
    expect(canOpen(administrator, '/audit-log')).toBe(true);
    // The compliance page opens with any one of the view rights of its subjects.
    expect(routePermission('/compliance')).toEqual(['employees.view', 'transport.view', 'trailers.view', 'cards.view']);
    expect(canOpen(dispatcher, '/compliance')).toBe(true);
    expect(canOpen(testUser({ administrator: false, permissions: ['cards.view'] }), '/compliance')).toBe(true);
    expect(canOpen(testUser({ administrator: false, permissions: ['orders.view'] }), '/compliance')).toBe(false);
  });
});

describe('forms', () => {
  it('make sensitive fields read-only without sensitive.view, and the administrator flag for non-administrators', () => {
    expect(readOnlyFormFields(resourceByName('company-banks'), schemaOf('company-banks'), dispatcher)).toEqual(['iban']);
    expect(readOnlyFormFields(resourceByName('company-banks'), schemaOf('company-banks'), administrator)).toEqual([]);
    const hr = testUser({ administrator: false, permissions: presetPermissions('hrManager') });
    expect(readOnlyFormFields(resourceByName('company-banks'), schemaOf('company-banks'), hr)).toEqual([]);
    if ('administrator' in schemaOf('users').properties) expect(readOnlyFormFields(resourceByName('users'), schemaOf('users'), hr)).toContain('administrator');
  });
});

describe('Refine access-control provider', () => {
  it('answers from the session user without asking the server', async () => {
    sessionStore.setState({ status: 'authenticated', user: dispatcher });
    expect(await accessControlProvider.can({ resource: 'orders', action: 'create' })).toEqual({ can: true });
    expect(await accessControlProvider.can({ resource: 'employees', action: 'list' })).toMatchObject({ can: false });
    expect(await accessControlProvider.can({ action: 'view', params: { permission: 'audit.view' } })).toMatchObject({ can: false });
    sessionStore.setState({ status: 'authenticated', user: administrator });
    expect(await accessControlProvider.can({ action: 'view', params: { permission: 'audit.view' } })).toEqual({ can: true });
    expect(accessControlProvider.options?.buttons).toEqual({ enableAccessControl: true, hideIfUnauthorized: true });
    sessionStore.setState({ status: 'anonymous', user: null });
  });
});

describe('labels', () => {
  it('give every permission key, named right and preset an English label', () => {
    for (const key of permissionKeys()) expect(typeof lookup(`permissions.keys.${key}`), key).toBe('string');
    for (const right of NAMED_RIGHTS) expect(typeof lookup(`permissions.named.${right}`), right).toBe('string');
    for (const name of PRESET_NAMES) expect(typeof lookup(`permissions.presets.${name}`), name).toBe('string');
  });
});
