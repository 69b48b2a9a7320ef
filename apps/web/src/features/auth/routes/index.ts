// Route screens of the auth feature (lazy-loaded by the router).
export { LoginRoute } from './login-route';
export { RegisterRoute } from './register-route';
