// The answer's schema of GET /runs/{id}, in a chunk of its own: the cafe menu, a first screen,
// reads a run only when it was opened from one, and loads no schema library before then.
export { RunSchema } from '@cafe/shared';
