// The contract's rules for renaming oneself, in a chunk of their own: they bring the schema
// library, which the first screen does without. Loaded when the person starts renaming
// (components/layout/greeting.tsx) and by the rename call itself (rename.ts).
export { DisplayNameSchema, UserSchema } from '@cafe/shared';
