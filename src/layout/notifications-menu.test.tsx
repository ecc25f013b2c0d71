/** The header's bell: the member's compliance items with an unread badge, read marks, and "see all". */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInForTest, signOutForTest } from '../access/test-session';
import { json, stubFetch } from '../crud/test-fetch';
import { renderWithRefine } from '../crud/test-support';
import { initTestI18n } from '../i18n/test-i18n';
import { NotificationsMenu, type NotificationItem } from './notifications-menu';

vi.mock('../providers/toast', () => ({ preloadToasts: vi.fn(), toast: vi.fn(), closeToast: vi.fn() }));

beforeAll(initTestI18n);
beforeEach(() => signInForTest());
afterEach(() => {
  cleanup();
  signOutForTest();
  vi.unstubAllGlobals();
});

function licence(read: boolean): NotificationItem {
  return {
    key: 'document:41',
    kind: 'document',
    state: 'expiring',
    subject: { type: 'employee', id: 7, label: 'Dmytro Koval' },
    item_id: 41,
    document_id: 5,
    company_id: 2,
    type_id: 3,
    type_name: 'Driving licence',
    valid_until: '2030-01-10',
    days_left: 10,
    warning_days: 30,
    read,
  };
}

/** The bell's two endpoints, with read marks kept as the server keeps them. */
function bellServer(items: NotificationItem[]) {
  const read = new Set(items.filter((item) => item.read).map((item) => item.key));
  return stubFetch((url, init) => {
    if (url.startsWith('/api/notifications/read')) {
      const body = JSON.parse(init.body as string) as { keys?: string[]; all?: boolean };
      const keys = body.all ? items.map((item) => item.key) : (body.keys ?? []);
      keys.forEach((key) => read.add(key));
      return json({ data: { keys } });
    }
    const data = items.map((item) => ({ ...item, read: read.has(item.key) }));
    return json({ data, unread: data.filter((item) => !item.read).length });
  });
}

const badgeCount = () => document.querySelector('[data-testid="notifications-toggle"] .ant-badge-count')?.getAttribute('title') ?? null;

describe('the bell', () => {
  it('counts the unread items on its badge, lists them linking to the record, and marks one read when followed', async () => {
    const fetch = bellServer([licence(false)]);
    renderWithRefine(<NotificationsMenu />);
    await waitFor(() => expect(badgeCount()).toBe('1'));
    fireEvent.click(screen.getByTestId('notifications-toggle'));
    const item = await screen.findByTestId('notification-document:41');
    expect(item.textContent).toContain('Dmytro Koval');
    expect(item.textContent).toContain('Driving licence · In 10 days');
    const link = item.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('/personal-main/employee/7?tab=employee-documents&companyId=2&document=5');
    expect(screen.getByTestId('notifications-see-all').getAttribute('href')).toBe('/compliance');
    fireEvent.click(link);
    await waitFor(() => expect(badgeCount()).toBeNull());
    const marked = fetch.mock.calls.find(([url]) => String(url).startsWith('/api/notifications/read'));
    expect(JSON.parse(marked?.[1].body as string)).toEqual({ keys: ['document:41'] });
  });

  it('names a missing document without a count of days it does not have', async () => {
    bellServer([{ ...licence(false), key: 'document-missing:7:3', state: 'missing', valid_until: null, days_left: null }]);
    renderWithRefine(<NotificationsMenu />);
    fireEvent.click(await screen.findByTestId('notifications-toggle'));
    const what = await screen.findByTestId('notification-what-document-missing:7:3');
    expect(what.textContent).toBe('Driving licence');
    expect(screen.getByTestId('notification-document-missing:7:3').textContent).toContain('Missing');
  });

  it('marks all read at once, and shows no badge when nothing is unread', async () => {
    bellServer([licence(false), { ...licence(false), key: 'passport:9', kind: 'passport', type_name: 'biometric' }]);
    renderWithRefine(<NotificationsMenu />);
    await waitFor(() => expect(badgeCount()).toBe('2'));
    fireEvent.click(screen.getByTestId('notifications-toggle'));
    fireEvent.click(await screen.findByTestId('notifications-mark-all'));
    await waitFor(() => expect(badgeCount()).toBeNull());
    expect(screen.queryByTestId('notifications-mark-all')).toBeNull();
    expect(screen.getByTestId('notification-passport:9').getAttribute('data-read')).toBe('true');
  });

  it('says there is nothing rather than showing filler, and offers "see all" only to who may open the page', async () => {
    signInForTest({ administrator: false, permissions: ['orders.view'] });
    bellServer([]);
    renderWithRefine(<NotificationsMenu />);
    fireEvent.click(screen.getByTestId('notifications-toggle'));
    await screen.findByText('You have no notifications');
    expect(badgeCount()).toBeNull();
    expect(screen.queryByTestId('notifications-see-all')).toBeNull();
  });

  it('takes the keyboard into its panel: the first item focused on opening, the arrows through the rest, Escape back to the bell', async () => {
    bellServer([licence(false), { ...licence(false), key: 'passport:9', kind: 'passport', type_name: 'biometric' }]);
    renderWithRefine(<NotificationsMenu />);
    await waitFor(() => expect(badgeCount()).toBe('2'));
    const bell = screen.getByTestId('notifications-toggle');
    bell.focus();
    fireEvent.click(bell);
    const markAll = await screen.findByTestId('notifications-mark-all');
    await screen.findByTestId('notification-passport:9');
    const first = screen.getByTestId('notification-document:41').querySelector('a');
    await waitFor(() => expect(document.activeElement).toBe(first));
    const panel = screen.getByTestId('notifications-panel');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(markAll);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement).toBe(screen.getByTestId('notifications-see-all'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(markAll);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(screen.getByTestId('notifications-see-all'));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(document.activeElement).toBe(bell);
    await waitFor(() => expect(panel.closest('.ant-popover')?.className ?? '').toMatch(/hidden|leave/));
  });

  it('closes when Tab leaves its last stop, with the focus back on the bell', async () => {
    bellServer([licence(false)]);
    renderWithRefine(<NotificationsMenu />);
    await waitFor(() => expect(badgeCount()).toBe('1'));
    const bell = screen.getByTestId('notifications-toggle');
    fireEvent.click(bell);
    const seeAll = await screen.findByTestId('notifications-see-all');
    seeAll.focus();
    fireEvent.keyDown(seeAll, { key: 'Tab' });
    expect(document.activeElement).toBe(bell);
  });
});
