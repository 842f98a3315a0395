import { type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type FieldErrors, noFieldErrors, withoutFieldError } from './field-errors';

export interface FieldErrorsState {
  errors: FieldErrors;
  /** Shows why the last try failed, beside the fields it names; the first of them gets focus. */
  show: (errors: FieldErrors) => void;
  /** Forgets one field's error (the shopper is editing it), or all of them. */
  clear: (field?: string) => void;
  /** The form whose first invalid field `show` focuses, so the shopper lands on it, even far down a dialog. */
  formRef: RefObject<HTMLFormElement | null>;
}

export function useFieldErrors(): FieldErrorsState {
  const [errors, setErrors] = useState<FieldErrors>(noFieldErrors);
  const formRef = useRef<HTMLFormElement>(null);
  const focusPending = useRef(false);

  const clear = useCallback((field?: string) => {
    setErrors((current) => (field === undefined ? noFieldErrors : withoutFieldError(current, field)));
  }, []);
  const show = useCallback((next: FieldErrors) => {
    focusPending.current = Object.keys(next).length > 0;
    setErrors(next);
  }, []);

  useEffect(() => {
    if (!focusPending.current || Object.keys(errors).length === 0) return;
    focusPending.current = false;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  return useMemo(() => ({ errors, show, clear, formRef }), [errors, show, clear]);
}
