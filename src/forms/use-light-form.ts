/**
 * A small form state for the auth pages, which must not load antd's Form (the /login JavaScript budget).
 * It validates with the request schema's precompiled validator (`virtual:request-validator/<name>`, the
 * schema the server checks the request with) and the server's messages: on blur, then on every change
 * of a field already checked, and all fields on submit (focusing the first invalid one).
 */
import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { ValidationMessage } from '../../validation/messages';
import type { FieldErrors } from '../providers/api-error';
import { requestFieldMessage, type RequestSchema } from './request-validation';

type Values = Record<string, string | boolean>;
/** A message to translate, or a text the server already translated. */
export type FieldError = ValidationMessage | { text: string };
type ExtraCheck<V extends Values> = (value: V[keyof V], values: V) => ValidationMessage | null;

/** What `register(name)` gives an <input>: value (or checked), handlers, ids and ARIA state. */
export interface RegisteredInput {
  name: string;
  id: string;
  ref: (element: HTMLInputElement | null) => void;
  value?: string;
  checked?: boolean;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur: () => void;
}

export interface LightFormOptions<V extends Values> {
  /** The request schema and its validator: `import * as loginRequest from 'virtual:request-validator/login'`. */
  request: RequestSchema;
  initialValues: V;
  /** Checks of fields outside the request schema, such as the agreement checkbox. */
  extraChecks?: Partial<Record<keyof V & string, ExtraCheck<V>>>;
}

export function useLightForm<V extends Values>({ request, initialValues, extraChecks = {} }: LightFormOptions<V>) {
  const [values, setValues] = useState<V>(initialValues);
  const [errors, setErrors] = useState<Partial<Record<keyof V & string, FieldError>>>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const checked = useRef(new Set<string>());
  const elements = useRef(new Map<string, HTMLInputElement | null>());

  const check = useCallback(
    (name: keyof V & string, allValues: V): ValidationMessage | null => {
      const extra = (extraChecks as Record<string, ExtraCheck<V> | undefined>)[name];
      if (extra) return extra(allValues[name], allValues);
      return requestFieldMessage(request, name, allValues);
    },
    [request, extraChecks],
  );

  /**
   * Re-checks `names` with the form's own rules. A server message (a weak password, a taken login) stays until
   * its own field is edited (`edited`): leaving another field, or the focus moving to it, must not wipe it.
   */
  const revalidate = useCallback(
    (allValues: V, names: Iterable<string>, edited?: string) => {
      setErrors((previous) => {
        const next = { ...previous };
        for (const name of names) {
          const message = check(name, allValues);
          const current = next[name as keyof V & string];
          if (message) next[name as keyof V & string] = message;
          else if (!(current && 'text' in current && name !== edited)) delete next[name as keyof V & string];
        }
        return next;
      });
    },
    [check],
  );

  function register(name: keyof V & string): RegisteredInput {
    const value = values[name];
    const error = errors[name];
    return {
      name,
      id: `field-${name}`,
      ref: (element: HTMLInputElement | null) => void elements.current.set(name, element),
      ...(typeof value === 'boolean' ? { checked: value } : { value: value }),
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `field-${name}-error` : undefined,
      onChange(event: ChangeEvent<HTMLInputElement>) {
        const nextValue = event.target.type === 'checkbox' ? event.target.checked : event.target.value;
        const next = { ...values, [name]: nextValue };
        setValues(next);
        // Re-check this field and any already-checked field that depends on it (a confirmation).
        if (checked.current.has(name) || typeof nextValue === 'boolean') {
          checked.current.add(name);
          revalidate(next, checked.current, name);
        }
      },
      onBlur() {
        if (values[name] === '' && !checked.current.has(name)) return; // leaving an untouched field is not an error
        checked.current.add(name);
        revalidate(values, checked.current);
      },
    };
  }

  /** The field of `names` that comes first on screen (document order), not first in the values' order. */
  function focusFirstOnScreen(names: string[]): void {
    const shown = names.flatMap((name) => {
      const element = elements.current.get(name);
      return element ? [element] : [];
    });
    shown.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    shown[0]?.focus();
  }

  function handleSubmit(onValid: (values: V) => Promise<void> | void) {
    return async (event: FormEvent) => {
      event.preventDefault();
      if (submitting) return;
      const names = Object.keys(values) as Array<keyof V & string>;
      names.forEach((name) => checked.current.add(name));
      const found = names.map((name) => [name, check(name, values)] as const).filter(([, message]) => message);
      setErrors(Object.fromEntries(found) as Partial<Record<keyof V & string, FieldError>>);
      setFormErrors([]);
      if (found.length > 0) {
        focusFirstOnScreen(found.map(([name]) => name));
        return;
      }
      setSubmitting(true);
      try {
        await onValid(values);
      } finally {
        setSubmitting(false);
      }
    };
  }

  /** Server field errors under their fields; errors of fields the form does not show go above it. */
  function setServerErrors(fieldErrors: FieldErrors): void {
    const known = Object.keys(values);
    const entries = Object.entries(fieldErrors);
    setErrors((previous) => ({
      ...previous,
      ...Object.fromEntries(entries.filter(([name]) => known.includes(name)).map(([name, messages]) => [name, { text: messages[0] }])),
    }));
    setFormErrors(entries.filter(([name]) => !known.includes(name)).flatMap(([, messages]) => messages));
    focusFirstOnScreen(entries.filter(([name]) => known.includes(name)).map(([name]) => name));
  }

  return { values, errors, formErrors, submitting, register, handleSubmit, setServerErrors, setValues };
}

export type LightForm<V extends Values> = ReturnType<typeof useLightForm<V>>;
