import { Spin } from 'antd';
import { Suspense } from 'react';
import { lazyNamed } from '../../../lib/deferred';
import type { RegistrationFormProps } from './registration-form';

const Form = lazyNamed(() => import('./registration-form'), 'RegistrationForm');

/**
 * The 意向登记 form, loaded when it is shown: most visitors of a batch page, and every buyer in
 * 我的摇号 who does not edit, never need its code (form, uploads, date fields).
 */
export function LazyRegistrationForm(props: RegistrationFormProps) {
  return (
    <Suspense fallback={<Spin />}>
      <Form {...props} />
    </Suspense>
  );
}
