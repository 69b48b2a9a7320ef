// The contract's Site schema, in a chunk of its own: it brings the schema library, which the
// first screen does without. Loaded by the calls that change the home site or suggest one (sites.ts).
export { SiteSchema } from '@cafe/shared';
