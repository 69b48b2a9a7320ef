import type { ColumnType } from 'kysely';

/** Timestamps are stored as ISO-8601 UTC text on both engines, so they compare and sort alike. */
export type Timestamp = string;
/** A column that an insert may leave out (the database writes NULL). */
export type Optional<T> = ColumnType<T, T | undefined, T>;
