/** The Idempotency-Key header of a tap that has a key: a retry with it is answered again, never applied twice. */
export const keyHeaders = (key: string | undefined) => (key === undefined ? undefined : { 'Idempotency-Key': key });
