/** The whole domain schema, one module per area; drizzle-kit and the db client read this file. */
export * from './users';
export * from './projects';
export * from './project-content';
export * from './licences';
export * from './rooms';
export * from './orders';
export * from './news';
export * from './account';
export * from './registry';
export * from './listings';
export * from './listing-trust';
export * from './analytics';
export * from './site';
export * from './chat';
export * from './interaction';
export * from './admin';
export * from './relations';
