// The first step of the start (docs/decisions/0078-the-start-in-steps.md): React and React DOM
// set themselves up, in a task of their own.
export { createRoot, hydrateRoot } from 'react-dom/client';
