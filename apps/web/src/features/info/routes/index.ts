// Route screens of the info feature (lazy-loaded by the router).
export { UnauthorizedRoute } from './unauthorized-route';
export { TeamCreditRoute } from './team-credit-route';
export { CloseAllRoute } from './close-all-route';
