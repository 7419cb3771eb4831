/** The compiled entry point that `npm start` runs (apps/server/dist/server.js). */
export const SERVER_ENTRY: string;
/** True when there is no compiled server or a source is newer than it. */
export function serverBuildIsStale(): boolean;
/** Compiles the server into apps/server/dist. */
export function buildServer(): Promise<void>;
/** Builds the server when stale; returns the entry point to run. */
export function buildServerIfStale(): Promise<string>;
