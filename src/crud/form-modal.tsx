/**
 * The create/edit dialog around the schema form. The form itself (RJSF and ajv) is a lazy chunk of its
 * own, loaded when a dialog first opens, so lists and show pages stay light.
 */
import { Modal, Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useResourceTitles } from './field-value';

import type { FormModalProps } from './form-modal-props';

export type { FormModalProps } from './form-modal-props';

const CrudForm = lazy(() => import('./crud-form').then((module) => ({ default: module.CrudForm })));

export function FormModal(props: FormModalProps) {
  const { t } = useTranslation();
  const { singular } = useResourceTitles(props.resource);
  return (
    <Modal
      open={props.open}
      title={t(props.mode === 'create' ? 'crud.titles.create' : 'crud.titles.edit', { resource: singular })}
      onCancel={props.onClose}
      footer={null}
      destroyOnHidden
      width={720}
    >
      {props.open && (
        <Suspense fallback={<Spin />}>
          <CrudForm {...props} />
        </Suspense>
      )}
    </Modal>
  );
}
