/**
 * SPEC §4's indicator as a coloured tag: expired (red), expiring soon (amber), good (green); a required
 * document that has none (purple), in the same colour wherever it shows (compliance, the bell, the transport
 * documents and a vehicle's tab); and one whose validity starts later (blue), entered ahead of time.
 */
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExpiryState } from './expiry';

const colours: Record<ExpiryState, string> = { expired: 'red', expiring: 'orange', good: 'green' };

export const MISSING_COLOUR = 'purple';

export function MissingTag({ testId }: { testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={MISSING_COLOUR} data-testid={testId ?? 'expiry-state'} data-state="missing">
      {t('compliance.states.missing')}
    </Tag>
  );
}

/** A document entered ahead of its start date: not "Valid" yet, though nothing is wrong with it. */
export function NotYetValidTag({ testId }: { testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color="blue" data-testid={testId ?? 'expiry-state'} data-state="not-yet">
      {t('fields.date.expiry.notYet')}
    </Tag>
  );
}

export function ExpiryTag({ state, testId }: { state: ExpiryState | undefined; testId?: string }) {
  const { t } = useTranslation();
  if (!state) return null;
  return (
    <Tag color={colours[state]} data-testid={testId ?? 'expiry-state'} data-state={state}>
      {t(`fields.date.expiry.${state}`)}
    </Tag>
  );
}
