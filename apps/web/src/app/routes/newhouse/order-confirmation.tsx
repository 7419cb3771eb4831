import { useCallback, useState } from 'react';
import { RealnameDialog } from '../../../features/account/components/realname-dialog';
import { OrderConfirmation } from '../../../features/building-table/components/order-confirmation';

/** /orderConfirmation: confirm the deposit order of one room and pay (docs/product/new-build.md, deposit flow). */
export default function OrderConfirmationRoute() {
  const [isRealnameOpen, setIsRealnameOpen] = useState(false);
  const openRealname = useCallback(() => setIsRealnameOpen(true), []);
  return (
    <>
      <OrderConfirmation onRealnameRequired={openRealname} />
      <RealnameDialog open={isRealnameOpen} onClose={() => setIsRealnameOpen(false)} />
    </>
  );
}
