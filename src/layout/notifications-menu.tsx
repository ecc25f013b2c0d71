/**
 * The header's bell (issue 14): the member's notifications are the compliance items they may see by their
 * rights, the most urgent first (`GET /api/notifications`, the same engine as the compliance page), each
 * marked read or unread for this member. The badge counts the unread ones (none at 0); each item links to
 * the record to fix and is marked read when followed; "mark all read"; "see all" opens the compliance
 * page. Nothing but real items: an empty list says so. Refreshed every minute, when the list is opened and,
 * if a while has passed, on navigation (a document renewed on its page drops out).
 *
 * By keyboard: the panel is drawn at the end of the page, out of Tab's reach from the bell, so opening it puts the
 * focus on its first notification; the arrows (and Home, End) go through its items and buttons, Escape closes it, and Tab past
 * either end closes it too, with the focus back on the bell, so Tab goes on along the header from there.
 */
import { BellOutlined } from '@ant-design/icons';
import { keys, useApiUrl, useCustom, useCustomMutation } from '@refinedev/core';
import { Badge, Button, Empty, List, Popover, Tag, Typography } from 'antd';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccess } from '../access/use-access';
import { silentNotifications } from '../providers/notifications';
import { recordLinkOf, stateColours, type ComplianceItem } from '../screens/compliance/compliance-model';
import { sessionStore } from '../session/session-store';
import { daysLeftText, obligationName } from '../screens/compliance/compliance-texts';

export type NotificationItem = ComplianceItem & { read: boolean };

/**
 * Asked again every minute and when opened; not on every navigation: a request in flight while the member
 * changes their password (which ends every session and hands this one a new token) would be refused.
 */
const refreshEveryMs = 60_000;

function NotificationRow({ item, onOpen }: { item: NotificationItem; onOpen: (item: NotificationItem) => void }) {
  const { t } = useTranslation();
  return (
    <List.Item className={`fd-notification${item.read ? '' : ' fd-notification--unread'}`} data-testid={`notification-${item.key}`} data-read={item.read}>
      <Link to={recordLinkOf(item)} className="fd-notification__link" onClick={() => onOpen(item)}>
        <span className="fd-notification__title">
          {!item.read && <Badge status="processing" className="fd-notification__dot" />}
          {item.subject.label ?? `#${item.subject.id}`}
        </span>
        <span className="fd-notification__what" data-testid={`notification-what-${item.key}`}>
          {/* A missing document has no days to count: its tag says "Missing", a "· —" beside the name said nothing. */}
          {item.days_left === null ? obligationName(item, t) : `${obligationName(item, t)} · ${daysLeftText(item, t)}`}
        </span>
      </Link>
      <Tag color={stateColours[item.state]} className="fd-notification__state">
        {t(`compliance.states.${item.state}`)}
      </Tag>
    </List.Item>
  );
}

export function NotificationsMenu() {
  const { t } = useTranslation();
  const apiUrl = useApiUrl();
  const { canOpen } = useAccess();
  const [open, setOpen] = useState(false);
  const { query } = useCustom<NotificationItem[]>({
    url: `${apiUrl}/notifications`,
    method: 'get',
    queryOptions: {
      // Under the compliance resource: invalidating it (the page) refreshes the bell as well.
      queryKey: keys().data('default').resource('compliance').action('list').params({ bell: true }).get(),
      refetchInterval: refreshEveryMs,
      // Asked at each fetch, not at the last render: signing out ends the session and then invalidates every
      // query at once (Refine's logout), before the shell is drawn again; the bell must not ask then (a 401).
      enabled: () => sessionStore.getState().status === 'authenticated',
    },
    ...silentNotifications,
  });
  const { mutate } = useCustomMutation();
  const { refetch } = query;
  const answer = query.data as { data?: NotificationItem[]; unread?: number } | undefined;
  const items = answer?.data ?? [];
  const unread = answer?.unread ?? 0;

  const panel = useRef<HTMLDivElement>(null);
  const bell = useRef<HTMLButtonElement>(null);
  const stops = () => [...(panel.current?.querySelectorAll<HTMLElement>('a[href], button:not([disabled])') ?? [])];
  // Into the panel once it is drawn (the popover renders its content after opening): on its first item, not on "mark all
  // read", which a second Enter would press.
  useEffect(() => {
    if (!open) return;
    const frame = requestAnimationFrame(() => (panel.current?.querySelector<HTMLElement>('.fd-notification__link') ?? stops()[0] ?? panel.current)?.focus());
    return () => cancelAnimationFrame(frame);
  }, [open]);

  const closeToBell = () => {
    setOpen(false);
    bell.current?.focus();
  };

  const onPanelKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = stops();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const moveTo = (index: number) => {
      event.preventDefault();
      all[(index + all.length) % all.length]?.focus();
    };
    if (event.key === 'Escape') {
      event.preventDefault();
      closeToBell();
    } else if (event.key === 'ArrowDown') moveTo(at + 1);
    else if (event.key === 'ArrowUp') moveTo(at < 0 ? all.length - 1 : at - 1);
    else if (event.key === 'Home') moveTo(0);
    else if (event.key === 'End') moveTo(all.length - 1);
    else if (event.key === 'Tab' && (event.shiftKey ? at <= 0 : at === all.length - 1)) {
      event.preventDefault();
      closeToBell();
    }
  };

  const markRead = (body: { keys: string[] } | { all: true }) =>
    mutate({ url: `${apiUrl}/notifications/read`, method: 'post', values: body, ...silentNotifications }, { onSuccess: () => void refetch() });

  const openItem = (item: NotificationItem) => {
    setOpen(false);
    if (!item.read) markRead({ keys: [item.key] });
  };

  const header = (
    <div className="fd-notifications__header">
      <Typography.Text strong>{t('header.notifications.title')}</Typography.Text>
      {unread > 0 && (
        <Button type="link" size="small" onClick={() => markRead({ all: true })} data-testid="notifications-mark-all">
          {t('header.notifications.markAllRead')}
        </Button>
      )}
    </div>
  );

  const content = (
    // The title is part of the content, so the arrows and Tab go through "mark all read" as well.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the keys move between the links and buttons inside
    <div
      className="fd-notifications"
      data-testid="notifications-panel"
      ref={panel}
      tabIndex={-1}
      role="region"
      aria-label={t('header.notifications.title')}
      onKeyDown={onPanelKey}
    >
      {header}
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('header.notifications.empty')} />
      ) : (
        <List size="small" className="fd-notifications__list" dataSource={items} renderItem={(item) => <NotificationRow item={item} onOpen={openItem} />} />
      )}
      {canOpen('/compliance') && (
        <div className="fd-notifications__footer">
          <Link to="/compliance" onClick={() => setOpen(false)} data-testid="notifications-see-all">
            {t('header.notifications.seeAll')}
          </Link>
        </div>
      )}
    </div>
  );

  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      // On a phone the bell stands ~100 px from the right edge: shift the panel into the screen, not past its left edge.
      align={{ overflow: { shiftX: true, adjustY: true } }}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) void refetch();
      }}
      content={content}
    >
      <Button
        ref={bell}
        type="text"
        className="fd-header__button"
        icon={
          <Badge count={unread} size="small" overflowCount={99} data-testid="notifications-badge">
            <BellOutlined />
          </Badge>
        }
        aria-label={unread > 0 ? t('header.notifications.titleUnread', { count: unread }) : t('header.notifications.title')}
        data-testid="notifications-toggle"
      />
    </Popover>
  );
}
