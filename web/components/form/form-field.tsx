import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import './form-field.css';

/** What ties a control to its label and its error: spread onto the input, select or textarea. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  label: string;
  /** Why the value was refused: shown under the control, marks it invalid and is read out with it. */
  error?: string | undefined;
  /** For a control whose place already says what it is (the header's search): screen readers still read it. */
  hideLabel?: boolean;
  /** Classes of the wrapper, beside `form-field`. */
  className?: string | undefined;
  id?: string | undefined;
}

export interface FieldWrapperProps extends FieldProps {
  children: (control: FieldControlProps) => ReactNode;
}

/** One field: its label, its control (rendered by `children`) and its error, wired for assistive technology. */
export function FieldWrapper({
  label,
  error,
  hideLabel = false,
  className,
  id,
  children,
}: FieldWrapperProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const errorId = `${controlId}-error`;
  return (
    <div className={className ? `form-field ${className}` : 'form-field'}>
      <label htmlFor={controlId} className={hideLabel ? 'visually-hidden' : 'form-field__label'}>
        {label}
      </label>
      {children({
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : undefined,
      })}
      {error && (
        <p id={errorId} className="form-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

type ControlAttributes<Attributes> = Omit<Attributes, 'id' | 'aria-invalid' | 'aria-describedby'>;

export type InputFieldProps = FieldProps & ControlAttributes<InputHTMLAttributes<HTMLInputElement>>;

export function InputField({ label, error, hideLabel, className, id, ...input }: InputFieldProps) {
  return (
    <FieldWrapper label={label} error={error} hideLabel={hideLabel} className={className} id={id}>
      {(control) => <input {...input} {...control} className="form-field__control" />}
    </FieldWrapper>
  );
}

export type TextareaFieldProps = FieldProps & ControlAttributes<TextareaHTMLAttributes<HTMLTextAreaElement>>;

export function TextareaField({ label, error, hideLabel, className, id, ...textarea }: TextareaFieldProps) {
  return (
    <FieldWrapper label={label} error={error} hideLabel={hideLabel} className={className} id={id}>
      {(control) => <textarea {...textarea} {...control} className="form-field__control" />}
    </FieldWrapper>
  );
}

export type SelectFieldProps = FieldProps & ControlAttributes<SelectHTMLAttributes<HTMLSelectElement>>;

export function SelectField({ label, error, hideLabel, className, id, ...select }: SelectFieldProps) {
  return (
    <FieldWrapper label={label} error={error} hideLabel={hideLabel} className={className} id={id}>
      {(control) => <select {...select} {...control} className="form-field__control" />}
    </FieldWrapper>
  );
}
