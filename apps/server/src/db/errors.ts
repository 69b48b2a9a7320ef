/** SQLite and PostgreSQL both report a unique-constraint violation, each in its own words. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const { code } = error;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Errors of opening a PostgreSQL connection, as told apart from a statement's on an open one. */
const connectFailures = new WeakSet<object>();

/** Marks `error` as thrown while a connection was being opened (the pool's connect); answers it to be thrown on. */
export function connectFailure(error: unknown): unknown {
  if (typeof error === 'object' && error !== null) connectFailures.add(error);
  return error;
}

/** Whether `error` was thrown while a connection was being opened (connectFailure), not by a statement. */
export function isConnectFailure(error: unknown): boolean {
  return typeof error === 'object' && error !== null && connectFailures.has(error);
}
