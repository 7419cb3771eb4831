import { API_CODE } from '@portal/shared/api-code';
import type { OrderPreview } from '@portal/shared/schemas/orders';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { authStore } from '../../../lib/auth-store';
import { notifyError } from '../../../lib/notify';
import { getRealnameStatus } from '../../../lib/realname-status';
import { ROOM_STATE_QUERY_ROOT } from '../../../lib/use-room-events';
import { getOrderPreview, orderPreviewKey } from '../api/deposit-order';

/** What /orderConfirmation receives in the navigation state (it re-requests on reload). */
export interface OrderConfirmationState {
  preview?: OrderPreview;
}

/** The page in hand with the room's sheet open (the building table's `room` parameter). */
function roomTask(roomId: number): string {
  const url = new URL(window.location.href);
  url.searchParams.set('room', String(roomId));
  return `${url.pathname}${url.search}`;
}

/**
 * The deposit flow (docs/product/new-build.md) up to the confirmation page: signed out → the login dialog;
 * not real-name authenticated → `onRealnameRequired` (the QR prompt); otherwise the order
 * preview is requested and /orderConfirmation opens with it. A failed preview shows the server
 * message; a room taken meanwhile also refreshes the table.
 */
export function useDepositFlow(onRealnameRequired: () => void) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isRunning = useRef(false);
  const [pendingRoomId, setPendingRoomId] = useState<number | null>(null);

  const start = useCallback(
    async (roomId: number) => {
      if (!authStore.getState().isLoggedIn) {
        // A sign-in that leaves the page (WeChat's) comes back to this room's sheet.
        authStore.setLoginDialogOpen(true, roomTask(roomId));
        return;
      }
      if (isRunning.current) return;
      isRunning.current = true;
      setPendingRoomId(roomId);
      try {
        if (!(await getRealnameStatus())) {
          onRealnameRequired();
          return;
        }
        const preview = await getOrderPreview(roomId);
        queryClient.setQueryData(orderPreviewKey(roomId), preview);
        const state: OrderConfirmationState = { preview };
        navigate(paths.orderConfirmation.getHref({ id: roomId, houseName: preview.houseName }), {
          state,
        });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        if (error.code === API_CODE.INVALID_SESSION) authStore.setLoginDialogOpen(true);
        else if (error.code === API_CODE.REALNAME_REQUIRED) onRealnameRequired();
        else notifyError(error.message);
        if (error.code === API_CODE.ROOM_UNAVAILABLE || error.code === API_CODE.ORDER_DUPLICATE) {
          await queryClient.invalidateQueries({ queryKey: ROOM_STATE_QUERY_ROOT });
        }
      } finally {
        isRunning.current = false;
        setPendingRoomId(null);
      }
    },
    [navigate, onRealnameRequired, queryClient],
  );

  return { start, pendingRoomId };
}
