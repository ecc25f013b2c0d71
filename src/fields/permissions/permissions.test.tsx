/** The access-rights matrix of the member dialog: presets fill it, checkboxes toggle, the form sends the list. */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resourceByName } from '../../../resources';
import { allPermissions, presetPermissions } from '../../../resources/permissions';
import { signInForTest, signOutForTest } from '../../access/test-session';
import { CrudForm } from '../../crud/crud-form';
import { json, stubFetch } from '../../crud/test-fetch';
import { renderWithRefine } from '../../crud/test-support';
import { initTestI18n } from '../../i18n/test-i18n';
import type { WidgetProps } from '../types';
import { applyPreset, orderedRights, permissionsKind } from '.';

vi.mock('../../providers/toast', () => ({ preloadToasts: vi.fn(), toast: vi.fn(), closeToast: vi.fn() }));

beforeAll(initTestI18n);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  signOutForTest();
});

const Widget = permissionsKind.Widget!;

function Harness({ initial = [], onValue }: { initial?: string[]; onValue: (value: string[]) => void }) {
  const [value, setValue] = useState<string[]>(initial);
  const props = {
    id: 'root_permissions',
    name: 'permissions',
    value,
    onChange: (next: string[]) => {
      setValue(next);
      onValue(next);
    },
    onBlur: vi.fn(),
    onFocus: vi.fn(),
    disabled: false,
    readonly: false,
    options: {},
    schema: { type: 'array', items: { type: 'string', format: 'permission' }, 'x-widget': 'permissions' },
    registry: { formContext: {} },
    label: '',
  };
  return <Widget {...(props as unknown as WidgetProps)} />;
}

const box = (right: string) =>
  screen.getByTestId(`permission-${right}`).closest('label')?.querySelector('input') ?? screen.getByTestId<HTMLInputElement>(`permission-${right}`);
const checked = (right: string) => box(right).checked;

describe('the permissions field kind', () => {
  it('draws arrays of permission strings and the x-widget "permissions"', () => {
    expect(permissionsKind.match({ type: 'array', items: { type: 'string', format: 'permission' } })).toBe(true);
    expect(permissionsKind.match({ type: 'array', 'x-widget': 'permissions' })).toBe(true);
    expect(permissionsKind.match({ type: 'array', items: { type: 'string' } })).toBe(false);
  });

  it("keeps rights in the registry's order and lets a preset keep what the editor cannot change", () => {
    expect(orderedRights(['audit.view', 'orders.view', 'companies.view'])).toEqual(['companies.view', 'orders.view', 'audit.view']);
    const grantable = (right: string) => right !== 'employees.view';
    expect(applyPreset('readOnly', ['employees.view', 'orders.delete'], grantable)).toEqual(
      orderedRights([...presetPermissions('readOnly').filter(grantable), 'employees.view']),
    );
  });
});

describe('the matrix', () => {
  it('ticks View with Create, Edit or Delete of the same area, and unticks the row with View, leaving named rights alone', () => {
    signInForTest();
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    fireEvent.click(box('orders.create'));
    expect(onValue).toHaveBeenLastCalledWith(['orders.view', 'orders.create']);
    fireEvent.click(box('orders.delete'));
    fireEvent.click(box('sensitive.view'));
    expect(checked('sensitive.view')).toBe(true);
    fireEvent.click(box('orders.view'));
    expect(onValue).toHaveBeenLastCalledWith(['sensitive.view']);
    for (const action of ['view', 'create', 'delete']) expect(checked(`orders.${action}`), action).toBe(false);
  });

  it('fills from a preset, toggles single rights and whole rows, and says that administrators hold every right', () => {
    signInForTest();
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    expect(screen.getByTestId('permissions-widget').textContent).toContain('Administrators hold every right');
    expect(screen.getByRole('columnheader', { name: 'Create' })).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: 'Orders' })).toBeTruthy();

    fireEvent.click(screen.getByTestId('permissions-preset-dispatcher'));
    expect(onValue).toHaveBeenLastCalledWith(orderedRights(presetPermissions('dispatcher')));
    expect(checked('orders.delete')).toBe(true);
    expect(checked('transport.update')).toBe(true);
    expect(checked('employees.view')).toBe(false);
    expect(checked('sensitive.view')).toBe(false);

    fireEvent.click(box('employees.view'));
    expect(checked('employees.view')).toBe(true);
    fireEvent.click(box('orders.delete'));
    expect(checked('orders.delete')).toBe(false);
    expect(onValue.mock.lastCall?.[0]).toContain('employees.view');
    expect(onValue.mock.lastCall?.[0]).not.toContain('orders.delete');

    const repairsRow = screen.getByRole('checkbox', { name: 'All rights for Repairs' });
    fireEvent.click(repairsRow);
    for (const action of ['view', 'create', 'update', 'delete']) expect(checked(`repairs.${action}`), action).toBe(true);

    fireEvent.click(box('audit.view'));
    expect((onValue.mock.lastCall?.[0] as string[] | undefined)?.at(-1)).toBe('audit.view');

    fireEvent.click(screen.getByTestId('permissions-clear'));
    expect(onValue).toHaveBeenLastCalledWith([]);
  });

  it('names every checkbox for screen readers and keyboard users', () => {
    signInForTest();
    render(<Harness onValue={vi.fn()} />);
    expect(screen.getByRole('checkbox', { name: 'Orders: Edit' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'See and edit sensitive personal data' })).toBeTruthy();
  });

  it('lets a member who is no administrator grant only the rights they hold', () => {
    signInForTest({ administrator: false, permissions: ['users.view', 'users.create', 'users.update', 'orders.view', 'orders.create'] });
    const onValue = vi.fn();
    render(<Harness initial={['employees.view']} onValue={onValue} />);
    expect(box('orders.create').disabled).toBe(false);
    expect(box('orders.delete').disabled).toBe(true);
    expect(box('sensitive.view').disabled).toBe(true);
    expect(screen.getByTestId('permissions-widget').textContent).toContain('You can grant only rights you hold yourself');
    fireEvent.click(screen.getByTestId('permissions-preset-dispatcher'));
    // the Dispatcher's orders and members rights the editor holds, plus the HR right they cannot take away
    expect(onValue).toHaveBeenLastCalledWith(orderedRights(['orders.view', 'orders.create', 'users.view', 'employees.view']));
  });
});

describe('the member dialog', () => {
  const member = {
    id: 4,
    login: 'dispatcher.one',
    name: 'Jonas',
    last_name: 'Berger',
    email: 'jonas@nordic-freight.example',
    departments: [],
    administrator: false,
    active: true,
    permissions: [],
    version: 2,
  };

  it('sends the rights a preset filled in', async () => {
    signInForTest();
    const fetch = stubFetch(() => json({ message: 'Updated successfully!', data: { ...member, version: 3 } }));
    const onSaved = vi.fn();
    renderWithRefine(<CrudForm resource={resourceByName('users')} mode="edit" open record={member} onClose={vi.fn()} onSaved={onSaved} />);
    fireEvent.click(await screen.findByTestId('permissions-preset-readOnly'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    const put = fetch.mock.calls.find((call) => call[1]?.method === 'PUT')!;
    expect(String(put[0])).toBe('/api/users/update/4');
    const body = JSON.parse(put[1].body as string) as { permissions: string[]; version: number };
    expect(body.permissions).toEqual(orderedRights(presetPermissions('readOnly')));
    expect(body.permissions.every((right: string) => allPermissions().includes(right))).toBe(true);
    expect(body.version).toBe(2);
  });
});
