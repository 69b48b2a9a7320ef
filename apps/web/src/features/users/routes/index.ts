// Route screens of the users feature (lazy-loaded by the router).
export { UserManagementRoute } from './user-management-route';
