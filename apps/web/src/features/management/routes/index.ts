// Route screens of the management feature (lazy-loaded by the router).
export { MenuManagementRoute } from './menu-management-route';
export { CategoryMenuRoute } from './category-menu-route';
export { EditMenuRoute } from './edit-menu-route';
export { EditCategoryRoute } from './edit-category-route';
export { AddMenuRoute } from './add-menu-route';
export { AddCategoryRoute } from './add-category-route';
