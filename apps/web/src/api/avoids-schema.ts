// The answer's schema of PUT /user/me/avoids and DELETE /user/me/health-consent, in a chunk of its
// own: the menu marks what a person avoids (useMyAvoids) on its first screen, and loads no schema
// library for it.
export { AvoidsAnswerSchema } from '@cafe/shared';
