/** The heading of a page: its title, and a breadcrumb back to the list a record's page belongs to. */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import { initTestI18n } from '../../i18n/test-i18n';
import { PageHeading } from './page-heading';

beforeAll(initTestI18n);
afterEach(cleanup);

describe('the page heading', () => {
  it('links a record’s page back to its list, between home and the page itself', () => {
    render(
      <MemoryRouter>
        <PageHeading titleKey="pages.company" parent={{ to: '/companies', titleKey: 'pages.companies' }} />
      </MemoryRouter>,
    );
    const crumbs = [...document.querySelectorAll('.ant-breadcrumb li')].map((item) => item.textContent);
    expect(crumbs.filter((text) => text !== '/')).toEqual(['', 'Companies', 'Company']);
    expect(screen.getByRole('link', { name: 'Companies' }).getAttribute('href')).toBe('/companies');
  });

  it('shows home and the page alone on a page of its own', () => {
    render(
      <MemoryRouter>
        <PageHeading titleKey="pages.companies" />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('link', { name: 'Companies' })).toBeNull();
    expect(screen.getByTestId('page-title').textContent).toBe('Companies');
  });
});
