/** /personal-info: login, name, last name, e-mail, phone, job position, and the avatar. */
import { Button, Card, Col, Form, Input, Row } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerFieldErrors, schemaFieldProps } from '../../forms/schema-rules';
import { useLeaveWarning } from '../../forms/use-leave-warning';
import { isApiError } from '../../providers/api-error';
import { useSession } from '../../session/session-store';
import type { User } from '../../session/user';
import { PageHeading } from '../common/page-heading';
import { AvatarCard } from './avatar-card';
import { updateProfile, type ProfileValues } from './profile-actions';
import './profile.css';
import * as profileUpdateRequest from 'virtual:request-validator/profile-update';

const fields = [
  { name: 'login', autoComplete: 'username' },
  { name: 'name', autoComplete: 'given-name' },
  { name: 'last_name', autoComplete: 'family-name' },
  { name: 'email', autoComplete: 'email', type: 'email' },
  { name: 'phone', autoComplete: 'tel', type: 'tel' },
  { name: 'job_position', autoComplete: 'organization-title' },
] as const;
const fieldNames = fields.map((field) => field.name);

function valuesOf(user: User | null): ProfileValues {
  return {
    login: user?.login ?? '',
    name: user?.name ?? '',
    last_name: user?.last_name ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    job_position: user?.job_position ?? '',
  };
}

export function PersonalInfoPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [form] = Form.useForm<ProfileValues>();
  const [saving, setSaving] = useState(false);

  // The form shows the user as the server last answered it (also after the header's user loads late).
  useEffect(() => form.setFieldsValue(valuesOf(user)), [user, form]);
  // Leaving with a change not saved asks first, as the dialogs do; a save makes the user the form shows.
  const shown = Form.useWatch((values: Partial<ProfileValues>) => values, form);
  const saved = valuesOf(user);
  const leaveQuestion = useLeaveWarning(shown !== undefined && fieldNames.some((name) => (shown[name] ?? '') !== saved[name]));

  const onFinish = async (values: ProfileValues) => {
    setSaving(true);
    try {
      // The version the form shows: a change an administrator made since is refused (409), not overwritten.
      await updateProfile({ ...values, ...(typeof user?.version === 'number' ? { version: user.version } : {}) });
    } catch (error) {
      if (isApiError(error)) applyServerFieldErrors(form, error.fieldErrors, fieldNames);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      {leaveQuestion}
      <PageHeading titleKey="pages.personalInfo" />
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={8} xl={7}>
          <AvatarCard user={user} />
        </Col>
        <Col xs={24} lg={16} xl={17}>
          <Card title={t('personalInfo.title')}>
            <Form
              form={form}
              name="personalInfo"
              layout="vertical"
              initialValues={valuesOf(user)}
              onFinish={onFinish}
              requiredMark
              data-testid="personal-info-form"
            >
              <Row gutter={16}>
                {fields.map((field, index) => (
                  <Col xs={24} md={12} key={field.name}>
                    <Form.Item name={field.name} label={t(`personalInfo.fields.${field.name}`)} {...schemaFieldProps(profileUpdateRequest, field.name, t)}>
                      <Input
                        autoComplete={field.autoComplete}
                        type={'type' in field ? field.type : 'text'}
                        autoFocus={index === 0}
                        placeholder={field.name === 'phone' ? '+49 30 1234567' : undefined}
                      />
                    </Form.Item>
                  </Col>
                ))}
              </Row>
              <Button type="primary" htmlType="submit" loading={saving} data-testid="personal-info-submit">
                {t('personalInfo.submit')}
              </Button>
            </Form>
          </Card>
        </Col>
      </Row>
    </>
  );
}
