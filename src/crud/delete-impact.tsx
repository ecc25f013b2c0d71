/**
 * The delete question's description for any resource others name: what the delete would do to their records
 * (`GET /api/delete-impact/<resource>/{id}`, server/engine/delete-impact.ts), by resource: deleted with it, kept
 * without the reference, or in the way of the delete. Mounted when the question opens, so it asks only then;
 * "This cannot be undone." follows in every case. A resource nothing names asks nothing.
 */
import { keys, useCustom } from '@refinedev/core';
import { Spin, Typography } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { resources, type ResourceDefinition } from '../../resources';
import { readNotifications } from '../providers/notifications';
import { schemaOf } from './schemas';

type Effect = 'deleted' | 'cleared' | 'blocks';

interface ImpactLine {
  resource: string;
  effect: Effect;
  count: number;
}

/** Worst first: what stops the delete, then what goes with it, then what merely loses the link. */
const EFFECTS: Effect[] = ['blocks', 'deleted', 'cleared'];

const refersTo = (property: unknown, name: string): boolean => {
  const ref = (property as { 'x-ref'?: { resource?: string } } | undefined)?.['x-ref'];
  return ref?.resource === name;
};

let named: Set<string> | undefined;

/** Whether a record of `name` may be named by others (an `x-ref` to it, or child records under it). */
export function isNamedByOthers(name: string): boolean {
  named ??= new Set(
    resources.flatMap((definition) => [
      ...(definition.parent ? [definition.parent.resource] : []),
      ...Object.values(schemaOf(definition).properties).flatMap((property) =>
        resources.map((target) => target.name).filter((target) => refersTo(property, target) || refersTo(property.items, target)),
      ),
    ]),
  );
  return named.has(name);
}

function ImpactLines({
  resource,
  id,
  toldAlready,
  onBlocked,
}: {
  resource: ResourceDefinition;
  id: string;
  toldAlready?: readonly string[];
  onBlocked?: (blocked: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const { query } = useCustom<ImpactLine[]>({
    url: `/api/delete-impact/${resource.name}/${encodeURIComponent(id)}`,
    method: 'get',
    // Under the record's own key: a change to it asks again; asked afresh each time the question opens.
    queryOptions: { queryKey: keys().data('default').resource(resource.name).action('one').id(id).params({ deleteImpact: true }).get(), staleTime: 0 },
    ...readNotifications,
  });
  const lines = (Array.isArray(query.data?.data) ? query.data.data : []).filter((line) => !toldAlready?.includes(line.resource));
  const blocked = lines.some((line) => line.effect === 'blocks');
  useEffect(() => onBlocked?.(blocked), [blocked, onBlocked]);
  if (query.isLoading) return <Spin size="small" />;
  if (lines.length === 0) return null;
  return (
    <div data-testid="record-delete-impact" style={{ maxWidth: 360, marginBottom: 8 }}>
      {EFFECTS.filter((effect) => lines.some((line) => line.effect === effect)).map((effect) => (
        <div key={effect} data-testid={`record-delete-impact-${effect}`}>
          <Typography.Text type={effect === 'blocks' ? 'danger' : undefined}>{t(`crud.deleteImpact.${effect}`)}</Typography.Text>
          <ul style={{ margin: '4px 0', paddingInlineStart: 20 }}>
            {lines
              .filter((line) => line.effect === effect)
              .map((line) => (
                <li key={line.resource}>
                  {t(`${line.resource}.title`)}: {line.count.toLocaleString(i18n.language)}
                </li>
              ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

/**
 * The question's description: the impact (where others may name the record) and "This cannot be undone.".
 * A screen with its own impact (a vehicle's usage) hands it as `extra`, with the resources it tells of in `toldAlready`:
 * the rest (a vehicle's orders) still shows. `onBlocked` hears whether records stand in the delete's way, for the
 * question to offer no Delete that would fail.
 */
export function DeleteDescription({
  resource,
  id,
  extra,
  toldAlready,
  onBlocked,
}: {
  resource: ResourceDefinition;
  id: string | undefined;
  extra?: ReactNode;
  toldAlready?: readonly string[];
  onBlocked?: (blocked: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {extra}
      {id !== undefined && resource.api.delete && isNamedByOthers(resource.name) && (
        <ImpactLines resource={resource} id={id} toldAlready={toldAlready} onBlocked={onBlocked} />
      )}
      <div>{t('crud.confirm.deleteDescription')}</div>
    </>
  );
}
