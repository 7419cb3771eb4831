/** What other modules may use of the page addresses (docs/decisions/0046-module-boundaries.md). */
export { appPageOf } from './app-pages';
