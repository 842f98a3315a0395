import { type InputHTMLAttributes, useId } from 'react';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
}

export function TextField({ label, id, className, ...input }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <div className={className ? `auth-field ${className}` : 'auth-field'}>
      <label htmlFor={inputId}>{label}</label>
      <input id={inputId} {...input} />
    </div>
  );
}
