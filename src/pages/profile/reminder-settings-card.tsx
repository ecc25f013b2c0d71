/**
 * The "Reminders by e-mail" section of /settings (issue 14): the member's daily digest of what expires —
 * on or off, its hour, and the steps (days before an end date) at which each obligation is reminded.
 * Read with Refine's `useCustom` and saved with `useCustomMutation` (`GET`/`PUT /api/profile/reminders`);
 * the save sends this browser's time zone and the interface's language, so the digest comes at the member's
 * hour and in their language. Checked with the server's request schema before sending; the server's 422
 * messages land under the fields.
 */
import { useCustomMutation } from '@refinedev/core';
import { Alert, Button, Card, Form, Select, Switch, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toFieldMessages } from '../../../validation/field-errors';
import { dropEmptyOptionalFields } from '../../../validation/normalize-body';
import { currentLanguage } from '../../i18n/i18n';
import { languageNameIn, toSupportedLanguage } from '../../i18n/languages';
import { isApiError } from '../../providers/api-error';
import { mutationNotifications } from '../../providers/notifications';
import { useReminderSettings, type ReminderSettings } from './use-reminder-settings';
import * as reminderSettingsRequest from 'virtual:request-validator/reminder-settings';
import { labelHolds } from '../../fields/option-filter';

type FormValues = Pick<ReminderSettings, 'digest_enabled' | 'digest_hour' | 'steps'>;

const FIELDS = ['digest_enabled', 'digest_hour', 'steps'] as const;
const SUGGESTED_STEPS = [90, 60, 30, 21, 14, 7, 3, 2, 1, 0];
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** The browser's IANA time zone ("Europe/Kyiv"), as the server expects it. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Typed steps arrive as text: whole numbers become numbers, anything else stays for the check to name. */
function normalizeSteps(values: Array<string | number> | undefined): Array<string | number> {
  return (values ?? []).map((value) => (typeof value === 'string' && /^\d{1,3}$/.test(value.trim()) ? Number(value.trim()) : value));
}

/** The message the server would give a field; for the steps also any of their items' ("steps.2"). */
function fieldMessage(values: Record<string, unknown>, field: string): { key: string; params?: Record<string, string | number> } | null {
  const body = dropEmptyOptionalFields(reminderSettingsRequest.schema, values);
  if (reminderSettingsRequest.validate(body)) return null;
  const messages = toFieldMessages(reminderSettingsRequest.validate.errors, body);
  const found = Object.entries(messages).find(([name]) => name === field || name.startsWith(`${field}.`));
  return found?.[1][0] ?? null;
}

export function ReminderSettingsCard() {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const [formError, setFormError] = useState<string | null>(null);
  const { url, query } = useReminderSettings();
  const { mutateAsync, mutation } = useCustomMutation<ReminderSettings>();
  const loaded = query.data?.data;
  const timeZone = browserTimeZone();
  const language = currentLanguage();

  useEffect(() => {
    if (loaded) form.setFieldsValue({ digest_enabled: loaded.digest_enabled, digest_hour: loaded.digest_hour, steps: loaded.steps });
  }, [loaded, form]);

  const bodyOf = (values: Partial<FormValues>) => ({ ...values, time_zone: timeZone, language });
  const rule = (field: (typeof FIELDS)[number]): Rule => ({
    validator: () => {
      const message = fieldMessage(bodyOf(form.getFieldsValue(true) as FormValues), field);
      return message ? Promise.reject(new Error(t(message.key, message.params))) : Promise.resolve();
    },
  });

  const onFinish = async (values: FormValues) => {
    setFormError(null);
    try {
      const answer = await mutateAsync({ url, method: 'put', values: bodyOf(values), ...mutationNotifications });
      const saved = answer.data;
      form.setFieldsValue({ digest_enabled: saved.digest_enabled, digest_hour: saved.digest_hour, steps: saved.steps });
      await query.refetch();
    } catch (error) {
      if (!isApiError(error)) return;
      const byField = new Map<string, string[]>();
      for (const [name, messages] of Object.entries(error.fieldErrors)) {
        const field = name.split('.')[0];
        byField.set(field, [...(byField.get(field) ?? []), ...messages]);
      }
      form.setFields(FIELDS.filter((field) => byField.has(field)).map((field) => ({ name: field, errors: byField.get(field) })));
      const other = [...byField.entries()].filter(([field]) => !(FIELDS as readonly string[]).includes(field)).flatMap(([, messages]) => messages);
      if (other.length > 0) setFormError(other.join(' '));
    }
  };

  // The field's label says "days before the end date": an option is its number, 0 reads "on the day".
  const stepLabel = (step: number) => (step === 0 ? t('reminders.settings.onTheDay') : String(step));
  const stepOptions = [...new Set([...SUGGESTED_STEPS, ...(loaded?.steps ?? [])])]
    .sort((a, b) => b - a)
    .map((step) => ({ value: step, label: stepLabel(step) }));

  return (
    <Card title={t('reminders.settings.title')} data-testid="reminder-settings" loading={query.isLoading}>
      <Typography.Paragraph type="secondary">{t('reminders.settings.description')}</Typography.Paragraph>
      {query.isError && <Alert type="error" showIcon message={t('reminders.settings.loadError')} />}
      <Form form={form} name="reminderSettings" layout="vertical" onFinish={onFinish} disabled={!loaded} data-testid="reminder-settings-form">
        <Form.Item name="digest_enabled" label={t('reminders.settings.fields.digest_enabled')} valuePropName="checked" rules={[rule('digest_enabled')]}>
          <Switch data-testid="reminder-settings-enabled" />
        </Form.Item>
        <Form.Item name="digest_hour" label={t('reminders.settings.fields.digest_hour')} rules={[rule('digest_hour')]}>
          <Select
            // Typing "09" picks 09:00: the hour is chosen from the keyboard as fast as with the mouse.
            showSearch
            filterOption={labelHolds}
            data-testid="reminder-settings-hour"
            options={HOURS.map((hour) => ({ value: hour, label: `${String(hour).padStart(2, '0')}:00` }))}
            style={{ maxWidth: 160 }}
          />
        </Form.Item>
        <Form.Item
          name="steps"
          label={t('reminders.settings.fields.steps')}
          extra={t('reminders.settings.stepsHelp')}
          normalize={normalizeSteps}
          rules={[rule('steps')]}
        >
          <Select mode="tags" data-testid="reminder-settings-steps" options={stepOptions} tokenSeparators={[',', ' ']} />
        </Form.Item>
        <Typography.Paragraph type="secondary" data-testid="reminder-settings-where">
          {t('reminders.settings.where', { zone: timeZone, language: languageNameIn(toSupportedLanguage(language), i18n.language) })}
        </Typography.Paragraph>
        {formError && <Alert type="error" showIcon message={formError} style={{ marginBottom: 16 }} />}
        <Button type="primary" htmlType="submit" loading={mutation.isPending} data-testid="reminder-settings-save">
          {t('reminders.settings.save')}
        </Button>
      </Form>
    </Card>
  );
}
