import { CustomerServiceOutlined } from '@ant-design/icons';
import { Deferred, lazyNamed } from '../../../lib/deferred';
import { dockStyle, useDraggable } from '../../../lib/use-draggable';
import styles from './help-chat.module.css';

// The chat window loads when first opened and then stays mounted, keeping its messages.
const HelpChatPanel = lazyNamed(() => import('./help-chat-panel'), 'HelpChatPanel');

const BUTTON_SIZE = { width: 56, height: 56 };
/** Above 回到顶部 (the phone place applies only if the button is ever shown on a phone again). */
const PLACES = { desktop: { right: 24, bottom: 200 }, phone: { right: 8, bottom: 72 } };

interface FloatingHelpProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/**
 * The draggable floating 智能客服 button and its chat window (docs/product/content.md). The button
 * stays inside the window wherever it is dragged; a click (not a drag) opens or closes the chat.
 * Below 992 px the button is not shown and the menu's 智能客服 opens the chat
 * (docs/decisions/0054-phone-navigation-and-floating-buttons.md), hence the open state is the shell's.
 */
export function FloatingHelp({ isOpen, onOpenChange }: FloatingHelpProps) {
  const { position, wasDragged, handlers } = useDraggable(PLACES, BUTTON_SIZE);

  return (
    <>
      <button
        type="button"
        className={`${styles.launcher} portal-floating`}
        style={dockStyle(position)}
        aria-label="智能客服"
        aria-expanded={isOpen}
        title="智能客服（可拖动）"
        {...handlers}
        onClick={() => {
          if (!wasDragged()) onOpenChange(!isOpen);
        }}
      >
        <CustomerServiceOutlined className={styles.launcherIcon} aria-hidden="true" />
        <span>客服</span>
      </button>
      <Deferred when={isOpen}>
        <HelpChatPanel isOpen={isOpen} onClose={() => onOpenChange(false)} />
      </Deferred>
    </>
  );
}
