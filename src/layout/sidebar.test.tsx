import { cleanup, screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInForTest, signOutForTest } from '../access/test-session';
import { initTestI18n } from '../i18n/test-i18n';
import { NavigationMenu } from './navigation-menu';
import { Sidebar } from './sidebar';
import { renderWithMenu } from './test-menu';

beforeAll(initTestI18n);
beforeEach(() => signInForTest());
afterEach(() => {
  cleanup();
  signOutForTest();
});

/** The test ids of the menu's groups and entries, in the order a user sees them. */
const drawnEntries = () => [...document.querySelectorAll('[data-testid^="menu-"]')].map((element) => element.getAttribute('data-testid'));

/** The test id of the highlighted entry. */
const highlighted = () =>
  [...document.querySelectorAll('.ant-menu-item-selected [data-testid^="menu-"]')].map((element) => element.getAttribute('data-testid'));

/** SPEC §1's groups and entries as the sidebar draws them (their test ids), in its order. */
const specEntries = [
  'menu-group-logistic',
  'menu-orders',
  'menu-order-search',
  'menu-group-vehicles',
  'menu-transport',
  'menu-trailers',
  'menu-group-personal',
  'menu-personal-main',
  'menu-companies',
  'menu-manage-documents',
  'menu-group-company-management',
  'menu-management-personal',
  'menu-departments',
  'menu-management-finances',
  'menu-audit-log',
  'menu-group-maintenance',
  'menu-basic-data',
  'menu-fuel-cards',
  'menu-repair',
  'menu-acceptance-certificate',
];

describe('the vertical sidebar', () => {
  it('paints its surface on a slot as tall as the page, for every sidebar type', () => {
    for (const presentation of ['default', 'compact', 'icon', 'condensed'] as const) {
      renderWithMenu(<Sidebar presentation={presentation} />);
      const slot = screen.getByTestId('sidebar-slot');
      expect(slot.style.background, presentation).not.toBe('');
      expect(slot.querySelector('[data-testid="sidebar"]')).toBeTruthy();
      cleanup();
    }
  });

  it('stretches the slot over the page and keeps the sidebar sticky with its own scroll', () => {
    const css = readFileSync(resolve(process.cwd(), 'src/layout/shell.css'), 'utf8');
    const rule = (selector: string) => css.match(new RegExp(`^${selector.replace(/[.-]/g, (c) => `\\${c}`)} \\{([^}]*)\\}`, 'm'))?.[1] ?? '';
    expect(rule('.fd-sider-slot')).toMatch(/align-self: stretch/);
    expect(rule('.fd-sider-slot')).not.toMatch(/(^|[^-])height: 100vh/);
    expect(rule('.fd-sider')).toMatch(/position: sticky/);
    expect(rule('.fd-sider')).toMatch(/height: 100vh/);
    expect(rule('.fd-sider__inner')).toMatch(/overflow-y: auto/);
  });

  it("lists SPEC §1's groups and entries in its order, each with its label and icon", () => {
    renderWithMenu(<Sidebar presentation="default" />);
    // SPEC §1's entries in its order (a resource added later may sit among them: it is not pinned here).
    expect(drawnEntries().filter((id) => specEntries.includes(id!))).toEqual(specEntries);
    expect(drawnEntries().filter((id) => id?.startsWith('menu-group-'))).toEqual(specEntries.filter((id) => id.startsWith('menu-group-')));
    expect(screen.getByTestId('menu-group-personal').textContent).toBe('Personal');
    expect(screen.getByTestId('menu-personal-main').textContent).toBe('Main');
    expect(screen.getByTestId('menu-order-search').getAttribute('href')).toBe('/order-search');
    expect(screen.getByTestId('menu-departments').getAttribute('href')).toBe('/personal-departments');
    expect(screen.getByTestId('menu-orders').closest('li')?.querySelector('.anticon-profile')).toBeTruthy();
    // The menu is a navigation landmark of its own name, for a screen reader's list of landmarks.
    expect(screen.getByRole('navigation', { name: 'Main navigation' }).contains(screen.getByTestId('menu-orders'))).toBe(true);
  });

  it('puts the compliance page at the very top, before the groups, for a member who may see any of its subjects', () => {
    renderWithMenu(<Sidebar presentation="default" />);
    expect(drawnEntries()[0]).toBe('menu-compliance');
    expect(screen.getByTestId('menu-compliance').getAttribute('href')).toBe('/compliance');
    cleanup();
    for (const right of ['employees.view', 'transport.view', 'trailers.view', 'cards.view']) {
      signInForTest({ administrator: false, permissions: [right, 'orders.view'] });
      renderWithMenu(<Sidebar presentation="default" />);
      expect(drawnEntries()[0], right).toBe('menu-compliance');
      cleanup();
    }
    signInForTest({ administrator: false, permissions: ['orders.view', 'companies.view'] });
    renderWithMenu(<Sidebar presentation="default" />);
    expect(screen.queryByTestId('menu-compliance')).toBeNull();
  });

  it('highlights the entry of the page, of a record below it and of a menu-only page, and none elsewhere', () => {
    const cases: Array<[string, string[]]> = [
      ['/', ['menu-orders']],
      ['/order-search', ['menu-order-search']],
      ['/companies/7', ['menu-companies']],
      ['/personal-main/employee/3', ['menu-personal-main']],
      ['/audit-log', ['menu-audit-log']],
      ['/compliance', ['menu-compliance']],
      ['/security', []],
    ];
    for (const [path, expected] of cases) {
      renderWithMenu(<Sidebar presentation="default" />, path);
      expect(highlighted(), path).toEqual(expected);
      cleanup();
    }
  });

  it('shows only the group icons while collapsed to icons', () => {
    renderWithMenu(<Sidebar presentation="icon" />);
    expect(screen.getByTestId('sidebar').getAttribute('data-sidebar-type')).toBe('icon');
    expect(document.querySelector('.ant-menu-inline-collapsed')).toBeTruthy();
    expect(screen.queryByTestId('menu-orders')).toBeNull();
  });
});

describe('the top menu', () => {
  it('has the same groups as the sidebar', () => {
    renderWithMenu(<NavigationMenu mode="horizontal" tone="light" />);
    const groups = drawnEntries().filter((id) => id?.startsWith('menu-group-'));
    expect(groups).toEqual(['menu-group-logistic', 'menu-group-vehicles', 'menu-group-personal', 'menu-group-company-management', 'menu-group-maintenance']);
  });
});
