// Route screens of the barista feature (lazy-loaded by the router).
export { OrderBoardRoute } from './order-board-route';
export { BaristaHistoryRoute } from './barista-history-route';
