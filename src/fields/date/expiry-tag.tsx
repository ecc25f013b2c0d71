/** SPEC §4's indicator as a coloured tag: expired (red), expiring soon (amber), good (green). */
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExpiryState } from './expiry';

const colours: Record<ExpiryState, string> = { expired: 'red', expiring: 'orange', good: 'green' };

export function ExpiryTag({ state, testId }: { state: ExpiryState | undefined; testId?: string }) {
  const { t } = useTranslation();
  if (!state) return null;
  return (
    <Tag color={colours[state]} data-testid={testId ?? 'expiry-state'} data-state={state}>
      {t(`fields.date.expiry.${state}`)}
    </Tag>
  );
}
