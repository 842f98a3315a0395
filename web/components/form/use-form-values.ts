import { type Dispatch, type SetStateAction, useState } from 'react';
import { type FieldErrorsState, useFieldErrors } from './use-field-errors';

export interface FormValuesState<Values> {
  values: Values;
  setValues: Dispatch<SetStateAction<Values>>;
  /** Changes one field and forgets its error: the person is fixing it. */
  set: <Name extends keyof Values & string>(name: Name, value: Values[Name]) => void;
  /** What a text field needs: its name, value, error and change handler. */
  field: <Name extends TextFieldName<Values>>(
    name: Name,
  ) => {
    name: Name;
    value: string;
    error: string | undefined;
    onChange: (event: { target: { value: string } }) => void;
  };
  fieldErrors: FieldErrorsState;
}

type TextFieldName<Values> = {
  [Name in keyof Values]: Values[Name] extends string ? Name : never;
}[keyof Values] &
  string;

/** A form's values kept beside its field errors, so editing a field clears what was said about it. */
export function useFormValues<Values extends object>(
  initial: Values | (() => Values),
): FormValuesState<Values> {
  const [values, setValues] = useState(initial);
  const fieldErrors = useFieldErrors();

  const set = <Name extends keyof Values & string>(name: Name, value: Values[Name]) => {
    setValues((current) => ({ ...current, [name]: value }));
    fieldErrors.clear(name);
  };
  const field = <Name extends TextFieldName<Values>>(name: Name) => ({
    name,
    value: values[name] as string,
    error: fieldErrors.errors[name],
    onChange: (event: { target: { value: string } }) => set(name, event.target.value as Values[Name]),
  });

  return { values, setValues, set, field, fieldErrors };
}
