/**
 * The create/edit dialog around the schema form. The form itself (RJSF and ajv) is a lazy chunk of its
 * own, loaded when a dialog first opens, so lists and show pages stay light.
 */
import { Modal, Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceDefinition } from '../../resources';
import { useResourceTitles } from './field-value';

const CrudForm = lazy(() => import('./crud-form').then((module) => ({ default: module.CrudForm })));

export interface FormModalProps {
  resource: ResourceDefinition;
  mode: 'create' | 'edit';
  open: boolean;
  /** The record being edited. */
  record?: Record<string, unknown>;
  /** Path parameters (the parent's id for sub-resources). */
  params?: Record<string, string>;
  onClose: () => void;
  /** After a save (every view of the resource refreshes itself: Refine invalidates them). */
  onSaved?: (record: Record<string, unknown>) => void;
}

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
