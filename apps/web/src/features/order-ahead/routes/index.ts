// Route screens of the ordering feature (lazy-loaded by the router).
export { MenuCafeRoute } from './menu-cafe-route';
export { MenuBarRoute } from './menu-bar-route';
export { StatusOrderRoute } from './status-order-route';
export { OrderHistoryRoute } from './order-history-route';
export { CafeFormRoute } from './cafe-form-route';
export { BarFormRoute } from './bar-form-route';
