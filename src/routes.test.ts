import { describe, expect, it } from 'vitest';
import english from '../locales/en/translation.json';
import { resources } from '../resources';
import { menuOnlyEntries, sidebarEntries } from '../resources/menu';
import { sidebarGroups } from '../resources/types';
import { refineResources } from './layout/refine-resources';
import { appRoutes, notFoundTitleKey, notPermittedTitleKey, titleKeyOf } from './routes';

function lookup(key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], english);
}

describe('route table', () => {
  it('has every route of SPEC §2', () => {
    const paths = appRoutes.map((route) => route.path);
    for (const path of [
      '/login',
      '/register',
      '/forgot-password',
      '/reset-password/:token/:email',
      '/privacy-policy',
      '/terms-of-conditions',
      '/',
      '/order-search',
      '/transport',
      '/trailers',
      '/personal-main',
      '/personal-main/employee/:userId',
      '/personal-departments',
      '/hr-menage-documents',
      '/management-personal',
      '/management-finances',
      '/maintenance-basic-data',
      '/maintenance-fuel-cards',
      '/maintenance-repair',
      '/maintenance-acceptance-certificate',
      '/personal-info',
      '/companies',
      '/companies/:companyId',
      '/security',
      '/settings',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('gives every route a page title that exists in English', () => {
    for (const route of appRoutes) expect(typeof lookup(route.titleKey), route.titleKey).toBe('string');
    expect(typeof lookup(notFoundTitleKey)).toBe('string');
  });

  it('finds the title of a path, parameters included, and the 404 title for unknown paths', () => {
    expect(titleKeyOf('/')).toBe('pages.orders');
    expect(titleKeyOf('/companies/42')).toBe('pages.company');
    expect(titleKeyOf('/reset-password/abc/a%40b.example')).toBe('pages.resetPassword');
    expect(titleKeyOf('/charts')).toBe(notFoundTitleKey);
  });

  it('titles a page the member may not open as not permitted', () => {
    const mayOpen = (path: string) => path !== '/personal-main';
    expect(titleKeyOf('/personal-main', mayOpen)).toBe(notPermittedTitleKey);
    expect(titleKeyOf('/transport', mayOpen)).toBe('pages.transport');
    expect(titleKeyOf('/login', () => false)).toBe('pages.login');
    expect(typeof lookup(notPermittedTitleKey)).toBe('string');
  });

  it('serves the departments screen and the audit log by hand-written pages', () => {
    expect(appRoutes.find((route) => route.path === '/personal-departments')).toMatchObject({ handWritten: true, titleKey: 'pages.personalDepartments' });
    expect(appRoutes.find((route) => route.path === '/audit-log')).toMatchObject({ handWritten: true, titleKey: 'pages.auditLog' });
    expect(appRoutes.filter((route) => route.path === '/personal-departments')).toHaveLength(1);
  });

  it('gives every "coming soon" screen a description in English', () => {
    for (const route of appRoutes.filter((entry) => entry.access === 'private' && !entry.generic && !entry.handWritten)) {
      const name = route.titleKey.replace('pages.', '');
      if (['personalInfo', 'security', 'settings'].includes(name)) continue;
      expect(typeof lookup(`comingSoon.descriptions.${name}`), name).toBe('string');
    }
  });

  it('serves the resources with web routes by the generic pages, keeping the paths and titles of SPEC §2', () => {
    const companies = appRoutes.find((route) => route.path === '/companies');
    const company = appRoutes.find((route) => route.path === '/companies/:companyId');
    expect(companies).toMatchObject({ generic: true, titleKey: 'pages.companies' });
    expect(company).toMatchObject({ generic: true, titleKey: 'pages.company' });
    expect(appRoutes.find((route) => route.path === '/management-finances')?.generic).toBeFalsy();
  });

  it('names, in a record’s generic page’s breadcrumb, its list with the list page’s own title', () => {
    const company = appRoutes.find((route) => route.path === '/companies/:companyId');
    expect((company?.element as { props: { parent?: unknown } }).props.parent).toEqual({ to: '/companies', titleKey: 'pages.companies' });
  });
});

describe('sidebar entries', () => {
  it('list the groups of SPEC §1 in its order, each entry with a route of the table and an English label', () => {
    const entries = sidebarEntries();
    // The compliance page first, an entry of its own above the groups (resources/menu.ts).
    expect(entries[0]).toMatchObject({ name: 'compliance', route: '/compliance' });
    expect(entries[0].menu.group).toBeUndefined();
    expect([...new Set(entries.flatMap((entry) => entry.menu.group ?? []))]).toEqual(['logistic', 'vehicles', 'personal', 'companyManagement', 'maintenance']);
    const privatePaths = appRoutes.filter((route) => route.access === 'private').map((route) => route.path);
    for (const group of sidebarGroups) expect(typeof lookup(`menu.${group}`), group).toBe('string');
    for (const entry of entries) {
      expect(privatePaths, entry.name).toContain(entry.route);
      expect(typeof lookup(`menu.${entry.menu.key}`), entry.name).toBe('string');
    }
  });

  it('are the registry resources with a menu entry and the menu-only pages, nothing hand-listed elsewhere', () => {
    const names = sidebarEntries().map((entry) => entry.name);
    const withEntry = resources.filter((resource) => resource.menu).map((resource) => resource.name);
    expect([...names].sort()).toEqual([...withEntry, ...menuOnlyEntries.map((entry) => entry.name)].sort());
    const expected = [
      'orders',
      'order-search',
      'transport',
      'trailers',
      'employees',
      'companies',
      'hr-document-types',
      'users',
      'departments',
      'management-finances',
      'audit-log',
      'basic-data',
      'cards',
      'repairs',
      'acceptance-certificate',
    ];
    // SPEC §1's entries in its order; a resource added later may sit among them.
    expect(names.filter((name) => expected.includes(name))).toEqual(expected);
  });
});

describe("Refine's resources", () => {
  it('declare only routes the table has (the generic pages create and edit in dialogs: no dead create or edit route)', () => {
    const shapes = new Set(appRoutes.filter((route) => route.access === 'private').map((route) => route.path.replace(/:\w+/g, ':')));
    for (const resource of refineResources)
      for (const action of ['list', 'show', 'create', 'edit', 'clone'] as const) {
        const route = resource[action];
        if (typeof route === 'string') expect(shapes.has(route.replace(/:\w+/g, ':')), `${resource.name} ${action} ${route}`).toBe(true);
      }
  });

  it('nest each sidebar entry under its group and each sub-resource under its owner', () => {
    const meta = (name: string) => refineResources.find((resource) => resource.name === name)?.meta;
    expect(meta('orders')).toMatchObject({ parent: 'logistic', labelKey: 'menu.orders', testId: 'menu-orders', canDelete: true });
    expect(meta('audit-log')).toMatchObject({ parent: 'companyManagement', menuOnly: true });
    expect(meta('passports')).toMatchObject({ parent: 'employees', hide: true });
    expect(meta('companyManagement')).toMatchObject({ labelKey: 'menu.companyManagement', testId: 'menu-group-company-management' });
  });
});
