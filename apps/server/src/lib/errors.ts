import type { ErrorCode } from '@cafe/shared';

/** An error the client caused or may meet; its message is shown to people as it is. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string) => new AppError(400, 'VALIDATION', message);
export const unauthenticated = (message = 'Please sign in again.') => new AppError(401, 'UNAUTHENTICATED', message);
export const forbidden = (message = 'You are not allowed to do this.') => new AppError(403, 'FORBIDDEN', message);
export const notFound = (what: string) => new AppError(404, 'NOT_FOUND', `${what} was not found.`);
export const conflict = (code: ErrorCode, message: string) => new AppError(409, code, message);
