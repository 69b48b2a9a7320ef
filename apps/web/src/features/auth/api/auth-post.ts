import type { z } from 'zod';
import { api, type RequestOptions } from '@/lib/api-client';

/** A POST of the sign-in's own calls: nobody is signed in yet, so it is never retried through a refresh. */
export const authPost = <S extends z.ZodType | undefined = undefined>(path: string, options: RequestOptions<S> = {}) =>
  api(path, { ...options, method: 'POST', noRefresh: true });
