import { useCallback, useState } from 'react';
import { RealnameDialog } from '../../../features/account/components/realname-dialog';
import { useRoomPlace } from '../../../features/building-table/api/building-table';
import { roomTableHref } from '../../../features/building-table/lib/table-params';
import {
  OrderConfirmation,
  useConfirmationRoomId,
} from '../../../features/orders/components/order-confirmation';

/** /orderConfirmation: confirm the deposit order of one room and pay (docs/product/new-build.md, deposit flow). */
export default function OrderConfirmationRoute() {
  const [isRealnameOpen, setIsRealnameOpen] = useState(false);
  const openRealname = useCallback(() => setIsRealnameOpen(true), []);
  const roomId = useConfirmationRoomId();
  const { data: place } = useRoomPlace(roomId);
  return (
    <>
      <OrderConfirmation
        roomId={roomId}
        place={
          place && {
            projectId: place.projectId,
            publishName: place.publishName,
            tableHref: roomTableHref(place),
          }
        }
        onRealnameRequired={openRealname}
      />
      <RealnameDialog open={isRealnameOpen} onClose={() => setIsRealnameOpen(false)} />
    </>
  );
}
