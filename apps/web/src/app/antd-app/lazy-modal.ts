import type { ConfigUpdate } from 'antd/es/modal/confirm';
import type { ModalFuncProps } from 'antd/es/modal/interface';
import type { HookAPI } from 'antd/es/modal/useModal';

export type ModalApi = HookAPI;
type Method = keyof ModalApi;
type Instance = ReturnType<ModalApi[Method]>;

const METHODS: readonly Method[] = ['info', 'success', 'error', 'warning', 'confirm'];

/**
 * antd's modal API (`modal.confirm(…)` and the like of `App.useApp()`) whose code loads on the
 * first call: `want` asks for the modal host to be mounted, `enqueue` runs the call once its
 * API is there. Each call answers at once with an instance whose `destroy`, `update` and `then`
 * reach the real dialog when it exists.
 */
export function createLazyModalApi(
  want: () => void,
  enqueue: (call: (api: ModalApi) => void) => void,
): ModalApi {
  const open = (method: Method, config: ModalFuncProps): Instance => {
    let real: Instance | null = null;
    const waiting: ((instance: Instance) => void)[] = [];
    const whenOpen = (apply: (instance: Instance) => void) => {
      if (real) apply(real);
      else waiting.push(apply);
    };
    want();
    enqueue((api) => {
      const instance = api[method](config);
      real = instance;
      waiting.splice(0).forEach((apply) => apply(instance));
    });
    return {
      destroy: () => whenOpen((instance) => instance.destroy()),
      update: (next: ConfigUpdate) => whenOpen((instance) => instance.update(next)),
      // The instance is itself thenable, so it travels wrapped, not as a promise's value.
      then: (resolve, reject) =>
        new Promise<{ instance: Instance }>((settle) =>
          whenOpen((instance) => settle({ instance })),
        ).then(({ instance }) => instance.then(resolve, reject)),
    };
  };
  return Object.fromEntries(
    METHODS.map((method) => [method, (config: ModalFuncProps) => open(method, config)]),
  ) as ModalApi;
}

/** Calls waiting for the modal API, run in order once it is there. */
export function createModalQueue() {
  let api: ModalApi | null = null;
  const pending: ((api: ModalApi) => void)[] = [];
  return {
    enqueue(call: (api: ModalApi) => void): void {
      if (api) call(api);
      else pending.push(call);
    },
    ready(next: ModalApi): void {
      api = next;
      pending.splice(0).forEach((call) => call(next));
    },
  };
}
