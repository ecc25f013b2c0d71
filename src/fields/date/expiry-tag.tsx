/**
 * SPEC §4's indicator as a coloured tag: expired (red), expiring soon (amber), good (green); and a required
 * document that has none (purple), in the same colour wherever it shows (compliance, the bell, the transport
 * documents and a vehicle's tab).
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

export function ExpiryTag({ state, testId }: { state: ExpiryState | undefined; testId?: string }) {
  const { t } = useTranslation();
  if (!state) return null;
  return (
    <Tag color={colours[state]} data-testid={testId ?? 'expiry-state'} data-state={state}>
      {t(`fields.date.expiry.${state}`)}
    </Tag>
  );
}
