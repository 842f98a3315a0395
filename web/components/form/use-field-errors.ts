import { useCallback, useMemo, useState } from 'react';
import { type FieldErrors, noFieldErrors, withoutFieldError } from './field-errors';

export interface FieldErrorsState {
  errors: FieldErrors;
  /** Shows why the last try failed, beside the fields it names. */
  show: (errors: FieldErrors) => void;
  /** Forgets one field's error (the shopper is editing it), or all of them. */
  clear: (field?: string) => void;
}

export function useFieldErrors(): FieldErrorsState {
  const [errors, setErrors] = useState<FieldErrors>(noFieldErrors);
  const clear = useCallback((field?: string) => {
    setErrors((current) => (field === undefined ? noFieldErrors : withoutFieldError(current, field)));
  }, []);
  return useMemo(() => ({ errors, show: setErrors, clear }), [errors, clear]);
}
