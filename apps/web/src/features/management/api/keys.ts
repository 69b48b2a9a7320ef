/** Query-key roots of the management feature; the api files build on them. */
export const managementKeys = {
  all: ['management'] as const,
  categories: () => [...managementKeys.all, 'categories'] as const,
  category: (id: number) => [...managementKeys.all, 'category', id] as const,
  menu: (id: number) => [...managementKeys.all, 'menu', id] as const,
  siteMenu: (siteId: number) => [...managementKeys.all, 'site-menu', siteId] as const,
};
