// A small form state hook: values, touched fields and errors. Validation runs on change and on
// blur; an error shows only once its field is touched (blurred or submitted).
import { useCallback, useMemo, useState, type ChangeEvent, type FormEvent } from 'react';

type Validate<T> = (values: T) => Partial<Record<keyof T, string>>;

export type FormApi<T> = {
  values: T;
  errors: Partial<Record<keyof T, string>>;
  touched: Partial<Record<keyof T, boolean>>;
  submitting: boolean;
  /** The error to show under a field: only once touched. */
  shownError: (field: keyof T) => string | undefined;
  field: (name: keyof T) => {
    name: string;
    value: T[keyof T];
    onChange: (event: ChangeEvent<HTMLInputElement>) => void;
    onBlur: () => void;
  };
  handleSubmit: (onValid: (values: T) => Promise<void> | void) => (event?: FormEvent) => Promise<void>;
  reset: () => void;
};

export function useForm<T extends Record<string, string>>(initial: T, validate: Validate<T>): FormApi<T> {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof T, string>>>({});
  const [touched, setTouched] = useState<Partial<Record<keyof T, boolean>>>({});
  const [submitting, setSubmitting] = useState(false);

  const field = useCallback(
    (name: keyof T) => ({
      name: String(name),
      value: values[name],
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const next = { ...values, [name]: event.target.value } as T;
        setValues(next);
        setErrors(validate(next));
      },
      onBlur: () => {
        setTouched((current) => ({ ...current, [name]: true }));
        setErrors(validate(values));
      },
    }),
    [values, validate],
  );

  const reset = useCallback(() => {
    setValues(initial);
    setErrors({});
    setTouched({});
  }, [initial]);

  const handleSubmit = useCallback(
    (onValid: (values: T) => Promise<void> | void) => async (event?: FormEvent) => {
      event?.preventDefault();
      const found = validate(values);
      setErrors(found);
      setTouched(Object.fromEntries(Object.keys(values).map((key) => [key, true])) as Partial<Record<keyof T, boolean>>);
      if (Object.keys(found).length > 0) return;
      setSubmitting(true);
      try {
        await onValid(values);
      } finally {
        setSubmitting(false);
      }
    },
    [values, validate],
  );

  const shownError = useCallback((name: keyof T) => (touched[name] ? errors[name] : undefined), [touched, errors]);

  return useMemo(
    () => ({ values, errors, touched, submitting, shownError, field, handleSubmit, reset }),
    [values, errors, touched, submitting, shownError, field, handleSubmit, reset],
  );
}
