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
  /**
   * Only these fields are drawn (a group of a card edited in place); the others stay in the form's data
   * unseen and are sent back as they are. Absent: every field.
   */
  fields?: readonly string[];
  /** Values a new record's form starts with (a repair made on a vehicle's page has the vehicle). */
  defaults?: Record<string, unknown>;
  /** Cancel beside Save calls this (a form drawn in place); absent, it calls onClose (the dialog's own). */
  onCancel?: () => void;
  /** Whether the member has changed anything since the form opened: the dialog asks before closing then. */
  onDirtyChange?: (dirty: boolean) => void;
  /** The first field takes the focus once the form is drawn (a dialog: the member types at once). */
  autoFocus?: boolean;
}
