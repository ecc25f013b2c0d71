import { containsFolded } from '../../validation/fold-text';

/**
 * antd Select's `filterOption` for pickers that filter their own options: an option whose label holds the typed
 * text, ignoring case and accents, as the server's search does ("skoda" finds "Škoda", "ενεργος" finds "Ενεργός").
 */
export function labelHolds(input: string, option?: { label?: unknown }): boolean {
  const label = option?.label;
  return (typeof label === 'string' || typeof label === 'number') && containsFolded(String(label), input);
}
