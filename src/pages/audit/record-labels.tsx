/**
 * The audit trail's records named in words ("Employee Mykola Becker" rather than "Employee #50"): the labels of the
 * records a page of entries names, one labels-only request per resource (Refine's `useMany`, `labels=true`: any member
 * may read a label), for the resources whose list needs no parent in its path. A record deleted since, or one of a
 * sub-resource (a passport), keeps its number.
 */
import { useMany } from '@refinedev/core';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { resources } from '../../../resources';
import type { ResourceDefinition } from '../../../resources/types';
import { useLabelOf } from '../../crud/use-label-of';
import { idOf } from '../../crud/schemas';
import { readNotifications } from '../../providers/notifications';
import type { AuditEntry } from './audit-api';

/** Resources whose records can be asked by id alone: a list path without a parent's id in it. */
const labelled = new Map(
  resources.filter((resource) => resource.api.list && !resource.api.list.path.includes('{')).map((resource) => [resource.name, resource] as const),
);

type Labels = Map<string, string>;
const keyOf = (resource: string, id: string | number) => `${resource}:${id}`;

function LabelsOf({ resource, ids, onLabels }: { resource: ResourceDefinition; ids: string[]; onLabels: (labels: Labels) => void }) {
  const labelOf = useLabelOf();
  const { result } = useMany<Record<string, unknown>>({ resource: resource.name, ids, meta: { labels: true }, ...readNotifications });
  useEffect(() => {
    const labels: Labels = new Map();
    for (const record of result.data) {
      const id = idOf(resource, record);
      const label = labelOf(resource, record);
      if (id && label && label !== id) labels.set(keyOf(resource.name, id), label);
    }
    if (labels.size > 0) onLabels(labels);
  }, [result.data, resource, labelOf, onLabels]);
  return null;
}

/** The label of a record an entry names, when known; and the element that asks for them (rendered anywhere in the page). */
export function useRecordLabels(entries: AuditEntry[]): {
  labelOf: (resource: string, id: string | number | null | undefined) => string | undefined;
  loader: ReactNode;
} {
  const [labels, setLabels] = useState<Labels>(() => new Map());
  const onLabels = useCallback((found: Labels) => setLabels((current) => new Map([...current, ...found])), []);
  const wanted = useMemo(() => {
    const byResource = new Map<string, Set<string>>();
    for (const entry of entries) {
      if (entry.record_id === null || entry.record_id === undefined || !labelled.has(entry.resource)) continue;
      const ids = byResource.get(entry.resource) ?? new Set<string>();
      ids.add(String(entry.record_id));
      byResource.set(entry.resource, ids);
    }
    return [...byResource].map(([resource, ids]) => ({ resource: labelled.get(resource) as ResourceDefinition, ids: [...ids].sort() }));
  }, [entries]);
  const loader = wanted.map(({ resource, ids }) => <LabelsOf key={`${resource.name}:${ids.join(',')}`} resource={resource} ids={ids} onLabels={onLabels} />);
  const labelOf = useCallback(
    (resource: string, id: string | number | null | undefined) => (id === null || id === undefined ? undefined : labels.get(keyOf(resource, id))),
    [labels],
  );
  return { labelOf, loader };
}
