import './lib/zod-without-eval';
import { nextTask } from './app/start/next-task';
import { installGlobalErrorReporting } from './lib/report-client-error';
import { installWebVitals } from './lib/web-vitals-reporter';
import './styles/global.css';
import './styles/care-mode.css';

installGlobalErrorReporting();
installWebVitals();
const container = document.getElementById('root');
if (!container) throw new Error('#root element missing from index.html');

/**
 * The app's code runs in steps, each in a task of its own (docs/decisions/0078-the-start-in-steps.md):
 * React, then the component library's theme and style engine, then the router with the route
 * table and the site's shell, then the take-over. Run as one task, as the imports of one module
 * would, it held a phone's main thread for a fifth of a second, and a tap in that time waited.
 * The boot script has all of their code downloading before the first step starts.
 */
const STEPS = [
  () => import('./app/start/react-dom'),
  () => import('./app/providers'),
  () => import('./app/router'),
] as const;

async function start(root: HTMLElement): Promise<void> {
  for (const step of STEPS) {
    await nextTask();
    await step();
  }
  await nextTask();
  const { takeOver } = await import('./app/start/take-over');
  await takeOver(root);
}

void start(container);
