/** Long text (`x-widget: "textarea"`): a multi-line box; shown with its line breaks. */
import { ariaDescribedByIds } from '@rjsf/utils';
import { Input } from 'antd';
import type { DisplayProps, FieldKind, WidgetProps } from '../types';
import { Blank, emptyToUndefined, isBlank, lengthCount } from '../shared';

function TextareaDisplay({ value }: DisplayProps) {
  if (isBlank(value)) return <Blank />;
  return <span style={{ whiteSpace: 'pre-wrap' }}>{String(value)}</span>;
}

function TextareaWidget({ id, value, onChange, onBlur, onFocus, disabled, readonly, placeholder, schema, options }: WidgetProps) {
  return (
    <Input.TextArea
      id={id}
      aria-describedby={ariaDescribedByIds(id)}
      name={id}
      value={(value as string | undefined) ?? ''}
      rows={3}
      count={lengthCount(schema)}
      disabled={disabled || readonly}
      placeholder={placeholder}
      onChange={(event) => onChange(emptyToUndefined(event.target.value, options.emptyValue))}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
    />
  );
}

export const textareaKind: FieldKind = {
  name: 'textarea',
  match: (schema) => schema['x-widget'] === 'textarea',
  Display: TextareaDisplay,
  Widget: TextareaWidget,
};
