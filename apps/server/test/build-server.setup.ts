import { buildServerIfStale } from '../../../scripts/build-server.mjs';

/**
 * Vitest global setup: the tests that start real server processes run the compiled server, as
 * `npm start` does; it is built once here when a source is newer than it (a few ms otherwise).
 */
export default async function setup(): Promise<void> {
  await buildServerIfStale();
}
