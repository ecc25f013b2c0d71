import { cleanup, render, screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../i18n/test-i18n';
import { Sidebar } from './sidebar';

beforeAll(initTestI18n);
afterEach(cleanup);

describe('the vertical sidebar', () => {
  it('paints its surface on a slot as tall as the page, for every sidebar type', () => {
    for (const presentation of ['default', 'compact', 'icon', 'condensed'] as const) {
      render(
        <MemoryRouter>
          <Sidebar presentation={presentation} />
        </MemoryRouter>,
      );
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
});
