import type { FieldError } from '@listings/platform/errors';

/** `query.country: must match pattern` → `{ country: ['must match pattern'] }`, by the form field's name */
export const fieldErrorsOf = (errors: readonly FieldError[]): Record<string, string[]> => {
  const byField: Record<string, string[]> = {};
  for (const error of errors) {
    const name = error.field.replace(/^(query|params|body)\./, '');
    // Ajv's pattern message quotes a regular expression: a person gets plain words
    const message = error.message.startsWith('must match pattern') ? 'is not in the expected form' : error.message;
    byField[name] = [...(byField[name] ?? []), message];
  }
  return byField;
};

/** the errors of one field, shown next to it: the shared UI package's, as the OAuth pages show them too */
export { FieldErrors } from '@listings/ui';
