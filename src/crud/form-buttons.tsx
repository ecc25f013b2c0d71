/**
 * RJSF's antd buttons of array fields (add, remove, move, copy), named by their text. antd's icons carry a label of
 * their own ("plus-circle"), which a screen reader read as the button's name instead of its title. The add button
 * shows its text (form-list.tsx) and puts the focus in the item it added, so what is typed next goes there (it stayed
 * on the button, and typing was lost). Remove is outlined in red, as the lists' delete buttons are.
 */
import { Templates } from '@rjsf/antd';
import { TranslatableString, type IconButtonProps } from '@rjsf/utils';
import type { ComponentType, MouseEvent } from 'react';
import { ListAddButton } from './form-list';

const antdButtons = Templates.ButtonTemplates!;

function named(Button: ComponentType<IconButtonProps> | undefined, text: TranslatableString): ComponentType<IconButtonProps> {
  const Base = Button!;
  return function NamedButton(props: IconButtonProps) {
    return <Base {...props} aria-label={props.registry.translateString(text)} />;
  };
}

function outlined(Button: ComponentType<IconButtonProps>): ComponentType<IconButtonProps> {
  return function OutlinedButton(props: IconButtonProps) {
    return <Button {...props} iconType="default" />;
  };
}

/** The first field of the last item of the list whose add button this is, once React has drawn it. */
export function focusAddedItem(button: Element): void {
  const list = button.closest('fieldset')?.querySelector('.array-item-list');
  const before = list?.children.length ?? 0;
  let frames = 0;
  const tryFocus = () => {
    const last = list?.lastElementChild;
    const field = last?.querySelector<HTMLElement>('input:not([type="hidden"]), textarea, [role="combobox"]');
    if (list && list.children.length > before && field) field.focus();
    else if ((frames += 1) < 10) requestAnimationFrame(tryFocus);
  };
  requestAnimationFrame(tryFocus);
}

function AddButton(props: IconButtonProps) {
  return (
    <ListAddButton
      {...props}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        const button = event.currentTarget;
        props.onClick?.(event);
        focusAddedItem(button);
      }}
    />
  );
}

export const namedButtonTemplates = {
  ...antdButtons,
  AddButton,
  RemoveButton: outlined(named(antdButtons.RemoveButton, TranslatableString.RemoveButton)),
  MoveUpButton: named(antdButtons.MoveUpButton, TranslatableString.MoveUpButton),
  MoveDownButton: named(antdButtons.MoveDownButton, TranslatableString.MoveDownButton),
  CopyButton: named(antdButtons.CopyButton, TranslatableString.CopyButton),
};
