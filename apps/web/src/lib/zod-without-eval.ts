/**
 * Zod compiles fast object parsers with `new Function` unless told not to, and probes for that
 * once by calling `Function('')` when the first object schema is built. The site's
 * Content-Security-Policy forbids eval, so the probe was blocked and reported as a violation
 * (seen first on /mySecondHandHouse, whose edit dialog loads the shared schemas). Zod reads its
 * settings from `globalThis.__zod_globalConfig`; setting `jitless` there before any schema
 * module runs turns the compiler and the probe off without loading Zod at start-up.
 * Imported first by main.tsx.
 */
const scope = globalThis as typeof globalThis & {
  __zod_globalConfig?: { jitless?: boolean };
};
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };

export {};
