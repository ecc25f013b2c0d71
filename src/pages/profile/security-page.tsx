/** /security: change the password; every other session is signed out, this one keeps going with a new token. */
import { Button, Card, Col, Form, Input, Row, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerFieldErrors, schemaFieldProps } from '../../forms/schema-rules';
import { useLeaveWarning } from '../../forms/use-leave-warning';
import { isApiError } from '../../providers/api-error';
import { PageHeading } from '../common/page-heading';
import { changePassword, type PasswordChangeValues } from './profile-actions';
import * as passwordChangeRequest from 'virtual:request-validator/password-change';

const fields = [
  { name: 'current_password', autoComplete: 'current-password' },
  { name: 'password', autoComplete: 'new-password' },
  { name: 'password_confirmation', autoComplete: 'new-password' },
] as const;
const fieldNames = fields.map((field) => field.name);

export function SecurityPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordChangeValues>();
  const [saving, setSaving] = useState(false);
  // A password typed and not sent yet: leaving asks first (a change clears the form).
  const typed = Form.useWatch(
    (values: Partial<PasswordChangeValues>) => Object.values(values).some((value) => typeof value === 'string' && value !== ''),
    form,
  );
  const leaveQuestion = useLeaveWarning(typed === true);

  const onFinish = async (values: PasswordChangeValues) => {
    setSaving(true);
    try {
      await changePassword(values);
      form.resetFields();
    } catch (error) {
      if (isApiError(error)) applyServerFieldErrors(form, error.fieldErrors, fieldNames);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      {leaveQuestion}
      <PageHeading titleKey="pages.security" />
      <Row>
        <Col xs={24} md={18} lg={12} xl={10}>
          <Card title={t('security.title')}>
            <Typography.Paragraph type="secondary">{t('security.description')}</Typography.Paragraph>
            <Form form={form} name="passwordChange" layout="vertical" onFinish={onFinish} data-testid="password-change-form">
              {fields.map((field, index) => (
                <Form.Item
                  key={field.name}
                  name={field.name}
                  label={t(`security.fields.${field.name}`)}
                  {...schemaFieldProps(passwordChangeRequest, field.name, t)}
                >
                  <Input.Password autoComplete={field.autoComplete} autoFocus={index === 0} />
                </Form.Item>
              ))}
              <Button type="primary" htmlType="submit" loading={saving} data-testid="password-change-submit">
                {t('security.submit')}
              </Button>
            </Form>
          </Card>
        </Col>
      </Row>
    </>
  );
}
