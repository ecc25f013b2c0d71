/**
 * "What changed since the previous act of this vehicle" (issue 13), from `GET …/handover-acts/{id}/changes`:
 * km driven, fuel difference, new damages, equipment and documents now missing, tread depth lost. What
 * settles "who damaged it", so losses are marked.
 */
import { keys, useCustom } from '@refinedev/core';
import { Card, Descriptions, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCalendarDay } from '../../fields/date/calendar-day';
import { readNotifications } from '../../providers/notifications';
import { changeLines, type ActChanges } from '../../../resources/handover-act-changes';
import { actApi, actPath } from './paths';
import { useAmount } from './use-amount';

/** `enabled` false: not read (the act is being deleted). */
export function ChangesCard({ transportId, id, enabled = true }: { transportId: string; id: string; enabled?: boolean }) {
  const { t } = useTranslation();
  const day = useCalendarDay();
  const amount = useAmount();
  const { query } = useCustom<ActChanges>({
    url: actApi(transportId, id, 'changes'),
    method: 'get',
    queryOptions: { queryKey: keys().data('default').resource('handover-acts').action('one').id(id).params({ changes: true }).get(), enabled },
    ...readNotifications,
  });
  const changes = (query.data as { data?: ActChanges } | undefined)?.data;
  const lines = changes ? changeLines(changes, amount) : null;
  return (
    <Card title={t('handover-acts.changes.title')} data-testid="act-changes">
      {!changes ? (
        <Skeleton active />
      ) : !lines || !changes.previous ? (
        <Typography.Text data-testid="act-changes-first">{t('handover-acts.changes.first')}</Typography.Text>
      ) : (
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={t('handover-acts.changes.since')}>
            <Link to={actPath(transportId, changes.previous.id)} data-testid="act-changes-previous">
              {day.show(changes.previous.date)}
            </Link>
          </Descriptions.Item>
          {lines.map((line) => (
            <Descriptions.Item key={line.id} label={t(`handover-acts.changes.${line.id}`)}>
              <span data-testid={`act-change-${line.id}`}>
                {line.values.length === 0 ? (
                  <Typography.Text type="secondary">{t('handover-acts.changes.none')}</Typography.Text>
                ) : (
                  line.values.map((value) => (
                    <Tag key={value} color={line.warning ? 'red' : undefined} style={{ whiteSpace: 'normal', marginBottom: 4 }}>
                      {value}
                    </Tag>
                  ))
                )}
              </span>
            </Descriptions.Item>
          ))}
        </Descriptions>
      )}
    </Card>
  );
}
