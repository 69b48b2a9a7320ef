// The answer's schema of PUT /user/me/avoids, in a chunk of its own: the menu marks what a person
// avoids (useMyAvoids) on its first screen, and loads no schema library for it.
export { AvoidsBodySchema } from '@cafe/shared';
