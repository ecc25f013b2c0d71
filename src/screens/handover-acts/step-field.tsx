/** What every step of the new act form shares: its props, a field with its message under it, a number read from an input. */
import { Form } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActDraft, StepErrors } from './act-draft';

export interface StepProps {
  draft: ActDraft;
  change: (patch: Partial<ActDraft>) => void;
  errors: StepErrors;
  /** The signed-in member's name (the act's author). */
  author: string;
  /** The chosen vehicle's last known mileage, when it has one. */
  vehicleMileage?: number;
}

/** A field with its label and its message under it. */
export function Field({ label, name, errors, children, extra }: { label: string; name: string; errors: StepErrors; children: ReactNode; extra?: ReactNode }) {
  const { t } = useTranslation();
  const error = errors[name];
  return (
    <Form.Item
      label={label}
      htmlFor={`act-${name}`}
      validateStatus={error ? 'error' : undefined}
      help={error ? <span data-testid={`act-error-${name}`}>{error.text ?? t(error.key, error.params)}</span> : undefined}
      extra={extra}
    >
      {children}
    </Form.Item>
  );
}

export const numberOrUndefined = (value: number | string | null) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
