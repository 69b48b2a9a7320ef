import { OrderSchema, QueuedOrderSchema } from '@cafe/shared';
import { z } from 'zod';

// The answers of the queue and the history, in a chunk of their own: the menu, a first screen,
// imports their query options (to refresh them on a live event) but never calls them.
export const MyQueueSchema = z.array(QueuedOrderSchema);
export const OrderHistorySchema = z.array(OrderSchema);
