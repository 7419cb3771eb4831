import { HomeOutlined } from '@ant-design/icons';
import { authStore, useAuth } from '../../../lib/auth-store';
import { useCareMode } from '../../../lib/care-mode';
import { Deferred, lazyNamed } from '../../../lib/deferred';
import { dockStyle, useDraggable } from '../../../lib/use-draggable';
import styles from './recommend.module.css';

// The pop-up (antd Modal, the project cards) loads when it first opens.
const RecommendPopup = lazyNamed(() => import('./recommend-popup'), 'RecommendPopup');

const BUTTON_SIZE = { width: 56, height: 56 };
const PLACES = { desktop: { right: 24, bottom: 270 }, phone: { right: 8, bottom: 128 } };

/**
 * The home pop-up 推荐楼盘 and its floating 推荐房源 button. The pop-up opens on its own when the
 * flag set at login is on; closing clears the flag; the button reopens it (visitors are asked to
 * sign in first).
 */
export function FloatingRecommend() {
  const isLoggedIn = useAuth((state) => state.isLoggedIn);
  // 长辈版 opens no pop-up by itself and shows no promotion button (docs/product/accessibility.md).
  const isCare = useCareMode();
  const isPopupOpen = useAuth((state) => state.isPopupOpen) && !isCare;
  const { position, wasDragged, handlers } = useDraggable(PLACES, BUTTON_SIZE);

  const handleClick = () => {
    if (wasDragged()) return;
    if (isLoggedIn) authStore.setPopupOpen(true);
    else authStore.setLoginDialogOpen(true);
  };

  if (isCare) return null;
  return (
    <>
      <button
        type="button"
        className={`${styles.launcher} portal-floating`}
        style={dockStyle(position)}
        aria-label="推荐房源"
        title="推荐房源（可拖动）"
        {...handlers}
        onClick={handleClick}
      >
        <HomeOutlined className={styles.launcherIcon} aria-hidden="true" />
        <span>推荐房源</span>
      </button>
      <Deferred when={isLoggedIn && isPopupOpen}>
        <RecommendPopup
          isOpen={isLoggedIn && isPopupOpen}
          onClose={() => authStore.setPopupOpen(false)}
        />
      </Deferred>
    </>
  );
}
