/**
 * The warnings of a record being filled in, from its resource's `check` endpoint (resources/types.ts): the
 * form's data is sent through Refine's `useCustomMutation` (so through the data provider) a moment after the
 * member stops changing it, and the latest answer's warnings are kept. An answer to older data is dropped;
 * a refused check (a field still invalid: the form says so on save) clears them rather than show stale ones.
 */
import { useCustomMutation } from '@refinedev/core';
import { useEffect, useRef, useState } from 'react';
import type { ResourceDefinition } from '../../resources';
import type { ServerWarning } from '../providers/data-provider';
import { silentNotifications } from '../providers/notifications';

/** How long the form's data must stay unchanged before it is checked. */
export const CHECK_DELAY_MS = 400;

type Row = Record<string, unknown>;

/** The form's data as the check is sent it: the fields with a value (an unfinished form is checked too). */
function checkedBody(data: Row): Row {
  return Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined && value !== null && value !== ''));
}

export function useRecordCheck(resource: ResourceDefinition, data: Row, enabled = true): { warnings: ServerWarning[]; checking: boolean } {
  const check = resource.check;
  const { mutate } = useCustomMutation();
  // Through a ref: a new `mutate` on some render must not restart the wait (nor send again).
  const send = useRef(mutate);
  useEffect(() => {
    send.current = mutate;
  });
  const [warnings, setWarnings] = useState<ServerWarning[]>([]);
  const [checking, setChecking] = useState(false);
  const latest = useRef(0);
  const body = JSON.stringify(checkedBody(data));

  useEffect(() => {
    if (!check || !enabled) return;
    const timer = setTimeout(() => {
      const sequence = ++latest.current;
      setChecking(true);
      send.current(
        {
          url: `/api${check.path}`,
          method: check.method.toLowerCase() as 'post',
          values: JSON.parse(body) as Row,
          ...silentNotifications,
        },
        {
          onSuccess: (answer) => {
            if (sequence !== latest.current) return;
            const found = (answer as { warnings?: ServerWarning[] }).warnings;
            setWarnings(Array.isArray(found) ? found : []);
            setChecking(false);
          },
          onError: () => {
            if (sequence !== latest.current) return;
            setWarnings([]);
            setChecking(false);
          },
        },
      );
    }, CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [check, enabled, body]);

  return { warnings: check && enabled ? warnings : [], checking };
}
