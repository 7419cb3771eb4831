import { type App, message as staticMessage } from 'antd';

type MessageInstance = ReturnType<typeof App.useApp>['message'];

let holder: MessageInstance | null = null;

/**
 * Lets code outside React (the api client) show toasts through the themed antd `App` context.
 * `AppMessageBridge` in the providers registers the instance; before that the static API is used.
 */
export function registerMessageApi(api: MessageInstance | null): void {
  holder = api;
}

/** Shows an error toast with the given text. */
export function notifyError(text: string): void {
  (holder ?? staticMessage).error(text);
}

/** Shows a success toast with the given text. */
export function notifySuccess(text: string): void {
  (holder ?? staticMessage).success(text);
}

/** Closes every toast at once (and its timer), e.g. before a test's page is torn down. */
export function destroyToasts(): void {
  holder?.destroy();
  staticMessage.destroy();
}
