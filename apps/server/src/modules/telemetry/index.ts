/** What other parts of the server may use of telemetry (docs/decisions/0046-module-boundaries.md). */
export { purgeOldWebVitals } from './web-vitals.service';
export { WEB_VITALS_WINDOW_DAYS } from './web-vitals-window';
