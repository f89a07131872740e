import { type Form, field } from './sessions.ts';

/** the authenticator's answer as the site script put it in the form's hidden `response` field, or null */
export const passkeyAnswerOf = (form: Form): object | null => {
  try {
    const parsed: unknown = JSON.parse(field(form, 'response'));
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
};

/** what a form without the authenticator's answer is told */
export const NO_PASSKEY_ANSWER =
  'your browser sent no passkey: passkeys need JavaScript and a browser or device that supports them (or the request was cancelled)';
