// The answer's schema of GET /order/cups-saved/user, in a chunk of its own: My Order, a first
// screen, shows the line and loads no schema library for it before it has asked.
export { MyCupsSavedSchema } from '@cafe/shared';
