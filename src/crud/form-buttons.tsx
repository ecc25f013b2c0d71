/**
 * RJSF's antd buttons of array fields (add, remove, move, copy), named by their text. antd's icons carry a label of
 * their own ("plus-circle"), which a screen reader read as the button's name instead of its title.
 */
import { Templates } from '@rjsf/antd';
import { TranslatableString, type IconButtonProps } from '@rjsf/utils';
import type { ComponentType } from 'react';

const antdButtons = Templates.ButtonTemplates!;

function named(Button: ComponentType<IconButtonProps> | undefined, text: TranslatableString): ComponentType<IconButtonProps> {
  const Base = Button!;
  return function NamedButton(props: IconButtonProps) {
    return <Base {...props} aria-label={props.registry.translateString(text)} />;
  };
}

export const namedButtonTemplates = {
  ...antdButtons,
  AddButton: named(antdButtons.AddButton, TranslatableString.AddItemButton),
  RemoveButton: named(antdButtons.RemoveButton, TranslatableString.RemoveButton),
  MoveUpButton: named(antdButtons.MoveUpButton, TranslatableString.MoveUpButton),
  MoveDownButton: named(antdButtons.MoveDownButton, TranslatableString.MoveDownButton),
  CopyButton: named(antdButtons.CopyButton, TranslatableString.CopyButton),
};
