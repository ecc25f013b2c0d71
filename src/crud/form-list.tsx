/**
 * A list of records inside a form (a new document type's statuses), drawn as a list and not as RJSF antd's nested
 * frames: each item a light box with its fields and its remove button, and under the items a dashed button that says
 * what it adds ("Add status", `<resource>.itemAdd.<list>`, else "Add an item"). antd's own markup put a grooved frame
 * around the list, another around every item, and an add button with an icon and no text.
 */
import { PlusOutlined } from '@ant-design/icons';
import { buttonId, getUiOptions, TranslatableString, type ArrayFieldItemTemplateProps, type ArrayFieldTemplateProps, type IconButtonProps } from '@rjsf/utils';
import { Button } from 'antd';

/** The text of a list's add button: its own (`ui:options.addText`, set by crud-form.tsx) or RJSF's "Add an item". */
export function addTextOf(props: Pick<IconButtonProps, 'uiSchema' | 'registry'>): string {
  const own: unknown = getUiOptions(props.uiSchema).addText;
  return typeof own === 'string' && own !== '' ? own : props.registry.translateString(TranslatableString.AddItemButton);
}

/** The dashed, full-width button under a list, named by its text (the icon's own label, "plus", left out of it). */
export function ListAddButton(props: IconButtonProps) {
  const { onClick, disabled, id, className } = props;
  return (
    <Button type="dashed" block icon={<PlusOutlined aria-hidden />} id={id} className={className} disabled={disabled} onClick={onClick}>
      {addTextOf(props)}
    </Button>
  );
}

export function ListTemplate(props: ArrayFieldTemplateProps) {
  const { canAdd, disabled, fieldPathId, items, onAddClick, readonly, registry, required, title, uiSchema } = props;
  const { AddButton } = registry.templates.ButtonTemplates;
  const label = getUiOptions(uiSchema).title || title;
  return (
    <fieldset className="crud-form-list" id={fieldPathId.$id}>
      {/* Labelled as the form's other fields are: at the start, the asterisk of a required field, no colon. */}
      {label && (
        <legend className="ant-form-item-label crud-form-list__label">
          <label className={required ? 'ant-form-item-required ant-form-item-no-colon' : 'ant-form-item-no-colon'}>{label}</label>
        </legend>
      )}
      {/* `array-item-list`: where "Add an item" looks for the item it added, to put the focus there (form-buttons.tsx). */}
      <div className="array-item-list crud-form-list__items">{items}</div>
      {canAdd && (
        <AddButton
          id={buttonId(fieldPathId, 'add')}
          className="rjsf-array-item-add"
          disabled={disabled || readonly}
          onClick={onAddClick}
          uiSchema={uiSchema}
          registry={registry}
        />
      )}
    </fieldset>
  );
}

export function ListItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { children, buttonsProps, hasToolbar, registry } = props;
  // The theme's buttons (move up, move down, remove), as the registry holds them: no list sets its own.
  const { ArrayFieldItemButtonsTemplate: Buttons } = registry.templates;
  return (
    <div className="crud-form-list__item">
      <div className="crud-form-list__fields">{children}</div>
      {hasToolbar && (
        <div className="crud-form-list__buttons">
          <Buttons {...buttonsProps} />
        </div>
      )}
    </div>
  );
}
