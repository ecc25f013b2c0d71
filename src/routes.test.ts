import { describe, expect, it } from 'vitest';
import english from '../locales/en/translation.json';
import { menuGroups, selectedMenuEntry } from './layout/menu-items';
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
});

describe('sidebar entries', () => {
  it('list the groups and entries of SPEC §1, each with a route and an English label', () => {
    expect(menuGroups.map((group) => group.key)).toEqual(['logistic', 'vehicles', 'personal', 'company-management', 'maintenance']);
    const privatePaths = appRoutes.filter((route) => route.access === 'private').map((route) => route.path);
    for (const group of menuGroups) {
      expect(typeof lookup(group.labelKey)).toBe('string');
      for (const entry of group.entries) {
        expect(privatePaths).toContain(entry.path);
        expect(typeof lookup(entry.labelKey)).toBe('string');
      }
    }
  });

  it('select the entry of a page and of the pages below it', () => {
    expect(selectedMenuEntry('/')).toEqual({ group: 'logistic', entry: 'orders' });
    expect(selectedMenuEntry('/companies/7')).toEqual({ group: 'personal', entry: 'companies' });
    expect(selectedMenuEntry('/personal-main/employee/3')).toEqual({ group: 'personal', entry: 'personal-main' });
    expect(selectedMenuEntry('/security')).toBeNull();
  });
});
