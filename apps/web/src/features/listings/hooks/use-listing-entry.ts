import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { authStore } from '../../../lib/auth-store';
import { getRealnameStatus } from '../../../lib/realname-status';

/**
 * The listing-entry rule (docs/product/listings.md): signed out → /login (or the login dialog on
 * listing pages); signed in → the real-name check; verified → /addhouse, otherwise the
 * face-recognition prompt opens (the caller renders it from `isRealnameOpen`).
 */
export function useListingEntry(whenSignedOut: 'login-page' | 'dialog' = 'login-page') {
  const navigate = useNavigate();
  const [isRealnameOpen, setRealnameOpen] = useState(false);

  const enter = useCallback(
    async (type?: 1 | 2) => {
      const target = paths.addhouse.getHref({ type });
      if (!authStore.getState().isLoggedIn) {
        if (whenSignedOut === 'dialog') authStore.setLoginDialogOpen(true);
        else void navigate(paths.login.getHref({ redirect: target }));
        return;
      }
      const isVerified = await getRealnameStatus({ toast: true });
      if (isVerified) void navigate(target);
      else setRealnameOpen(true);
    },
    [navigate, whenSignedOut],
  );

  return { enter, isRealnameOpen, closeRealname: () => setRealnameOpen(false) };
}
