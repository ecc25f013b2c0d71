/**
 * A department's name in a dialog: a new department's ("Add a department", the page's `create`) or a department's
 * new one ("Rename", its update). The server's field errors (a name the tenant holds) show under the field.
 */
import type { HttpError } from '@refinedev/core';
import { Form, Input, Modal, type InputRef } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resourceByName } from '../../../resources';
import { propertyOf } from '../../crud/schemas';
import { lengthCount } from '../../fields/shared';

/** The messages of one field in a Refine `HttpError` (the server's 422 per-field messages). */
function fieldMessages(error: unknown, field: string): string[] | undefined {
  const value = (error as Partial<HttpError> | undefined)?.errors?.[field];
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.map(String);
  return undefined;
}

interface DepartmentNameDialogProps<Saved> {
  open: boolean;
  title: string;
  /** The name the field starts with (a rename's current name). */
  name?: string;
  save: (name: string) => Promise<Saved>;
  onClose: () => void;
  onSaved: (saved: Saved) => void;
}

/** The schema's limit of a department's name (schemas/department.json). */
const NAME_LIMIT = Number(propertyOf(resourceByName('departments'), 'name')?.maxLength ?? 100);

export function DepartmentNameDialog<Saved>({ open, title, name, save, onClose, onSaved }: DepartmentNameDialogProps<Saved>) {
  const { t } = useTranslation();
  const tooLong = t('validation.maxLength', { limit: NAME_LIMIT });
  const [form] = Form.useForm<{ name: string }>();
  const [saving, setSaving] = useState(false);
  const nameInput = useRef<InputRef>(null);

  async function submit(values: { name: string }) {
    setSaving(true);
    try {
      const saved = await save(values.name.trim());
      form.resetFields();
      onSaved(saved);
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
      title={title}
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
      <Form form={form} layout="vertical" initialValues={{ name }} onFinish={(values) => void submit(values)}>
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
