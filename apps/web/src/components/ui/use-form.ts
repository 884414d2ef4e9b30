import { useState } from 'react';
import type { FieldBinding } from './field.tsx';

/** What a form found wrong, by field; a field without a message is fine. */
export type FieldErrors<N extends string> = Partial<Record<N, string | undefined>>;

/**
 * The state of a form of text fields: their values, an error under each field, and the form's own
 * refusal above its button. `field(name)` is the binding a ready-made field takes (value, setter,
 * error); `check` shows what the form's own rules found, `refuse` places the server's answer. `E`
 * names what else can carry an error without being a text field (e.g. a picked bank account).
 */
export function useForm<N extends string, E extends string = never>(initial: Record<N, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<N | E>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = (name: N, value: string) => setValues((v) => ({ ...v, [name]: value }));
  return {
    values,
    set,
    errors,
    setErrors,
    formError,
    setFormError,
    field: (name: N): FieldBinding => ({ value: values[name], onValue: (v) => set(name, v), error: errors[name] }),
    /** Empties the named fields (after a success, e.g. the amount and the password). */
    clear: (...names: N[]) => setValues((v) => ({ ...v, ...Object.fromEntries(names.map((n) => [n, ''])) })),
    /** Shows what the form's own rules found and takes back an earlier refusal; true when all is well. */
    check: (found: FieldErrors<N | E>): boolean => {
      setErrors(found);
      setFormError(null);
      return !Object.values(found).some(Boolean);
    },
    /** A refusal: under its field when it names one of the form's, else above the button. */
    refuse: ({ field, message }: { field: N | E | null; message: string }) => {
      if (field) setErrors({ [field]: message } as FieldErrors<N | E>);
      else setFormError(message);
    },
    /** A refusal with messages for several fields: under them, or `message` above the button when none. */
    refuseFields: (found: Partial<Record<string, string>>, message: string) => {
      if (Object.keys(found).length > 0) setErrors(found as FieldErrors<N | E>);
      else setFormError(message);
    },
  };
}
