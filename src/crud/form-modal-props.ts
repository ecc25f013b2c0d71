/**
 * What the create/edit dialog is given, apart from the dialog: form-modal.tsx loads crud-form.tsx lazily,
 * and both read this, so the form's chunk does not import the dialog's file back.
 */
import type { ResourceDefinition } from '../../resources';

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
