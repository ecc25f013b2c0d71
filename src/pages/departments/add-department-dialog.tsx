/** The "add a department" dialog: a name, saved through the page's `create`; the server's field errors show under the field. */
import type { HttpError } from '@refinedev/core';
import { Form, Input, Modal, type InputRef } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resourceByName } from '../../../resources';
import { propertyOf } from '../../crud/schemas';
import { lengthCount } from '../../fields/shared';
import type { Department } from './department-panel';

/** The messages of one field in a Refine `HttpError` (the server's 422 per-field messages). */
function fieldMessages(error: unknown, field: string): string[] | undefined {
  const value = (error as Partial<HttpError> | undefined)?.errors?.[field];
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.map(String);
  return undefined;
}

interface AddDepartmentDialogProps {
  open: boolean;
  create: (name: string) => Promise<Department>;
  onClose: () => void;
  onCreated: (department: Department) => void;
}

/** The schema's limit of a department's name (schemas/department.json). */
const NAME_LIMIT = Number(propertyOf(resourceByName('departments'), 'name')?.maxLength ?? 100);

export function AddDepartmentDialog({ open, create, onClose, onCreated }: AddDepartmentDialogProps) {
  const { t } = useTranslation();
  const tooLong = t('validation.maxLength', { limit: NAME_LIMIT });
  const [form] = Form.useForm<{ name: string }>();
  const [saving, setSaving] = useState(false);
  const nameInput = useRef<InputRef>(null);

  async function submit(values: { name: string }) {
    setSaving(true);
    try {
      const department = await create(values.name.trim());
      form.resetFields();
      onCreated(department);
    } catch (error) {
      // The notification shows the server's message; its field errors go under the field.
      const messages = fieldMessages(error, 'name');
      if (messages) form.setFields([{ name: 'name', errors: messages }]);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={open}
      title={t('departmentsPage.addTitle')}
      okText={t('crud.buttons.save')}
      cancelText={t('crud.buttons.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      // The dialog takes the focus as it opens (its focus trap): the name field gets it once it is shown.
      afterOpenChange={(shown) => shown && nameInput.current?.focus()}
      okButtonProps={{ 'data-testid': 'department-add-save' }}
    >
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        <Form.Item
          name="name"
          label={t('departments.fields.name')}
          rules={[
            { required: true, whitespace: true, message: t('validation.required') },
            // Counted in characters as the server counts them; a longer paste stays in the field, marked, not cut.
            { validator: async (_rule, value?: string) => (value && [...value].length > NAME_LIMIT ? Promise.reject(new Error(tooLong)) : undefined) },
          ]}
        >
          <Input ref={nameInput} count={lengthCount({ maxLength: NAME_LIMIT })} data-testid="department-add-name" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
