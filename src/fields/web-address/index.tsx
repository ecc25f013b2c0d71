/** Web addresses (`format: "web-address"`, an order's route map): a link that opens in a new tab, typed with the URL keyboard. */
import { TextWidget } from '../text';
import type { DisplayProps, FieldKind } from '../types';
import { Blank, isBlank } from '../shared';
import { webAddress } from '../../../validation/formats';

function WebAddressDisplay({ value }: DisplayProps) {
  if (isBlank(value)) return <Blank />;
  const text = String(value);
  // Only an address the format accepts becomes a link: a `javascript:` text stored before the check stays text.
  if (!webAddress(text)) return <>{text}</>;
  return (
    <a href={text} target="_blank" rel="noopener noreferrer">
      {text}
    </a>
  );
}

export const webAddressKind: FieldKind = {
  name: 'web-address',
  match: (schema) => schema.format === 'web-address',
  Display: WebAddressDisplay,
  // Typed as text, with the URL keyboard (the text widget's input type for the format).
  Widget: TextWidget,
};
