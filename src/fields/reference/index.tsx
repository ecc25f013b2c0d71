/**
 * References to another resource's record (`x-ref: { resource }`): a select that searches on the server
 * (the target's list endpoint with `search=`), labelled with the target's `label` fields; shown as that
 * label (fetched once per record, the records a render asks for together in one `ids=` list request
 * per target; for a target without a show endpoint through its first list page, e.g. departments).
 */
import { Select, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { resources } from '../../../resources';
import { api } from '../../providers/api';
import { createDataProvider } from '../../providers/data-provider';
import type { DisplayProps, FieldKind, PropertySchema, WidgetProps } from '../types';
import { Blank, isBlank } from '../shared';

export function targetOf(schema: PropertySchema) {
  const ref = schema['x-ref'] as { resource?: string } | undefined;
  return resources.find((resource) => resource.name === ref?.resource);
}

export function idOfRecord(target: NonNullable<ReturnType<typeof targetOf>>, record: Record<string, unknown>): string {
  return String(record[target.idField ?? 'id']);
}

export function labelOfRecord(target: NonNullable<ReturnType<typeof targetOf>>, record: Record<string, unknown>): string {
  const text = target.label
    .map((field) => record[field])
    .filter((value) => !isBlank(value))
    .join(' ');
  return text || idOfRecord(target, record);
}

// Pickers and labels stay silent on failure: a missing label shows the id, not a toast per row.
export const quietDataProvider = createDataProvider(api, { notify: null });
const dataProvider = quietDataProvider;

const labels = new Map<string, Promise<string>>();

/** Labels of a target without a show endpoint (departments): its first list page, kept for a short while. */
const listLabelsLifetimeMs = 30_000;
const listLabels = new Map<string, { at: number; labels: Promise<Map<string, string>> }>();

function labelsFromList(target: NonNullable<ReturnType<typeof targetOf>>): Promise<Map<string, string>> {
  const cached = listLabels.get(target.name);
  if (cached && Date.now() - cached.at < listLabelsLifetimeMs) return cached.labels;
  const labelsOfList = dataProvider
    .getList({ resource: target.name, pagination: { currentPage: 1, pageSize: 100 } })
    .then((answer) => new Map((answer.data as Record<string, unknown>[]).map((record) => [idOfRecord(target, record), labelOfRecord(target, record)])))
    .catch(() => {
      listLabels.delete(target.name);
      return new Map<string, string>();
    });
  listLabels.set(target.name, { at: Date.now(), labels: labelsOfList });
  return labelsOfList;
}

export function referenceLabel(schema: PropertySchema, id: unknown): Promise<string> {
  const target = targetOf(schema);
  const fallback = String(id);
  if (!target || target.parent) return Promise.resolve(fallback);
  if (!target.api.show) return target.api.list ? labelsFromList(target).then((found) => found.get(fallback) ?? fallback) : Promise.resolve(fallback);
  const key = `${target.name}:${fallback}`;
  let promise = labels.get(key);
  if (!promise) {
    promise = target.api.list && /^[1-9]\d*$/.test(fallback) ? batchedLabel(target, fallback) : labelFromShow(target, fallback);
    promise = promise.catch(() => {
      labels.delete(key);
      return fallback;
    });
    labels.set(key, promise);
  }
  return promise;
}

function labelFromShow(target: NonNullable<ReturnType<typeof targetOf>>, id: string): Promise<string> {
  return dataProvider.getOne({ resource: target.name, id, meta: {} }).then((answer) => labelOfRecord(target, answer.data as Record<string, unknown>));
}

/**
 * Labels asked for while a page renders (a list of orders names many vehicles and drivers) are fetched
 * together: one `ids=` list request per target and render, at most 100 ids each, instead of one show
 * request per record. An id the list does not answer (gone meanwhile) shows as itself.
 */
const pendingLabels = new Map<string, Map<string, { resolve: (label: string) => void; reject: (error: unknown) => void }>>();

function batchedLabel(target: NonNullable<ReturnType<typeof targetOf>>, id: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let pending = pendingLabels.get(target.name);
    if (!pending) {
      const batch = new Map<string, { resolve: (label: string) => void; reject: (error: unknown) => void }>();
      pending = batch;
      pendingLabels.set(target.name, batch);
      setTimeout(() => {
        pendingLabels.delete(target.name);
        void fetchLabels(target, batch);
      }, 0);
    }
    pending.set(id, { resolve, reject });
  });
}

async function fetchLabels(
  target: NonNullable<ReturnType<typeof targetOf>>,
  batch: Map<string, { resolve: (label: string) => void; reject: (error: unknown) => void }>,
) {
  const ids = [...batch.keys()];
  for (let start = 0; start < ids.length; start += 100) {
    const chunk = ids.slice(start, start + 100);
    try {
      const answer = await dataProvider.getList({
        resource: target.name,
        pagination: { currentPage: 1, pageSize: chunk.length },
        filters: [{ field: 'ids', operator: 'eq', value: chunk.join(',') }],
      });
      const found = new Map((answer.data as Record<string, unknown>[]).map((record) => [idOfRecord(target, record), labelOfRecord(target, record)]));
      for (const id of chunk) batch.get(id)?.resolve(found.get(id) ?? id);
    } catch (error) {
      for (const id of chunk) batch.get(id)?.reject(error);
    }
  }
}

function useReferenceLabel(schema: PropertySchema, id: unknown): string | undefined {
  const [label, setLabel] = useState<string>();
  useEffect(() => {
    if (isBlank(id)) return;
    let active = true;
    void referenceLabel(schema, id).then((text) => active && setLabel(text));
    return () => {
      active = false;
    };
  }, [schema, id]);
  return label;
}

function ReferenceDisplay({ value, schema }: DisplayProps) {
  const label = useReferenceLabel(schema, value);
  if (isBlank(value)) return <Blank />;
  return <>{label ?? String(value)}</>;
}

/**
 * The options of a picker of `target`'s records: `search(text)` asks the target's list endpoint (250 ms
 * after the last keystroke; an answer to an older search is dropped). Shared by the one-record and the
 * many-records pickers.
 */
export function useTargetSearch(target: ReturnType<typeof targetOf>) {
  const [options, setOptions] = useState<Array<{ value: string; label: string }>>([]);
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const request = useRef(0);

  function search(text: string) {
    if (!target?.api.list) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const mine = ++request.current;
      setLoading(true);
      dataProvider
        .getList({ resource: target.name, pagination: { currentPage: 1, pageSize: 20 }, meta: { search: text } })
        .then((answer) => {
          if (mine !== request.current) return;
          setOptions((answer.data as Record<string, unknown>[]).map((record) => ({ value: idOfRecord(target, record), label: labelOfRecord(target, record) })));
        })
        .catch(() => undefined)
        .finally(() => mine === request.current && setLoading(false));
    }, 250);
  }

  useEffect(() => () => clearTimeout(timer.current), []);
  return { options, loading, search };
}

function ReferenceWidget({ id, value, onChange, onBlur, onFocus, disabled, readonly, placeholder, schema }: WidgetProps) {
  const property = schema as PropertySchema;
  const target = targetOf(property);
  const currentLabel = useReferenceLabel(property, value);
  const { options, loading, search } = useTargetSearch(target);

  const shown =
    isBlank(value) || options.some((option) => option.value === String(value))
      ? options
      : [{ value: String(value), label: currentLabel ?? String(value) }, ...options];

  return (
    <Select
      id={id}
      value={isBlank(value) ? undefined : String(value)}
      showSearch
      allowClear
      filterOption={false}
      disabled={disabled || readonly}
      placeholder={placeholder}
      notFoundContent={loading ? <Spin size="small" /> : undefined}
      options={shown}
      onSearch={search}
      onOpenChange={(open) => open && options.length === 0 && search('')}
      onChange={(next) => {
        if (next === undefined || next === null) return onChange(undefined);
        const numeric = property.type === 'integer' || property.type === 'number';
        onChange(numeric ? Number(next) : next);
      }}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}

export const referenceKind: FieldKind = {
  name: 'reference',
  match: (schema) => typeof schema['x-ref'] === 'object' && schema['x-ref'] !== null,
  Display: ReferenceDisplay,
  Widget: ReferenceWidget,
};
