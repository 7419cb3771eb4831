import type { MessageInstance } from 'antd/es/message/interface';

let holder: MessageInstance | null = null;
/** Toasts asked for before the app context is there, shown once it is. */
let waiting: ((api: MessageInstance) => void)[] = [];

/**
 * Lets code outside React (the api client) show toasts through the themed antd `App` context.
 * `MessageBridge` in the providers registers the instance; toasts asked for before that wait
 * for it (antd's static `message` is not loaded: it would bring the toast code into every page's
 * first load, docs/decisions/0057).
 */
export function registerMessageApi(api: MessageInstance | null): void {
  holder = api;
  if (api) waiting.splice(0).forEach((show) => show(api));
}

function show(toast: (api: MessageInstance) => void): void {
  if (holder) toast(holder);
  else waiting.push(toast);
}

/** Shows an error toast with the given text. */
export function notifyError(text: string): void {
  show((api) => void api.error(text));
}

/** Shows a success toast with the given text. */
export function notifySuccess(text: string): void {
  show((api) => void api.success(text));
}

/** Closes every toast at once (and its timer), e.g. before a test's page is torn down. */
export function destroyToasts(): void {
  waiting = [];
  holder?.destroy();
}
