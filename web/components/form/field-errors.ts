import { ApiError } from '../../lib/api-client';

/** The message to show beside each field, by the field's name. */
export type FieldErrors = Partial<Record<string, string>>;

export const noFieldErrors: FieldErrors = {};

/** The fields an error reply names (`errors` of `{message, errors}`), the first message for each. */
export function serverFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return noFieldErrors;
  return firstMessageByField(error.fieldErrors);
}

/** A schema's issues that name a field (zod's `issues`), the first message for each field. */
export function issueFieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FieldErrors {
  return firstMessageByField(
    issues
      .filter((issue) => issue.path.length > 0)
      .map((issue) => ({ field: issue.path.map(String).join('.'), message: issue.message })),
  );
}

function firstMessageByField(errors: readonly { field: string; message: string }[]): FieldErrors {
  const byField: FieldErrors = {};
  for (const { field, message } of errors) byField[field] ??= message;
  return byField;
}

/** The errors once the shopper edits a field: that field's error goes, the others stay until the next try. */
export function withoutFieldError(errors: FieldErrors, field: string): FieldErrors {
  if (errors[field] === undefined) return errors;
  const { [field]: _edited, ...rest } = errors;
  return rest;
}
