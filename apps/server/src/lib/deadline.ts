/**
 * What Slack waits for an answer is 3 seconds: a call to the Web API made while answering it may
 * take this long, then the answer goes without it (decision 0082).
 */
export const SLACK_ANSWER_WAIT_MS = 2_000;

/** `work`'s value, or `undefined` once `ms` have passed (its failure, too, is `undefined`). */
export async function withinDeadline<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([work.catch(() => undefined), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** `work`'s value, or a failure saying `what` once `ms` have passed (for a client whose fetch has no timeout). */
export async function failAfter<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(what)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
