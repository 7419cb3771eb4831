import { ConfigProvider, type ThemeConfig } from 'antd';
import type { ReactNode } from 'react';
import { useIsPhone } from '../lib/use-is-phone';

/** Height (px) of a control a finger must hit. */
export const TOUCH_TARGET_PX = 44;

const TOUCH_THEME: ThemeConfig = {
  components: {
    // Small buttons too: on a phone no button is smaller than a fingertip.
    Button: { controlHeight: TOUCH_TARGET_PX, controlHeightSM: TOUCH_TARGET_PX },
    Input: { controlHeight: TOUCH_TARGET_PX },
    InputNumber: { controlHeight: TOUCH_TARGET_PX },
    Select: { controlHeight: TOUCH_TARGET_PX },
    DatePicker: { controlHeight: TOUCH_TARGET_PX },
  },
};

/**
 * Gives the antd buttons, inputs and pickers inside it a 44 px height on phones, the size a
 * finger hits reliably; wider screens keep the site's compact controls. The provider is always
 * rendered so that switching layouts never remounts the page below it.
 */
export function TouchControls({ children }: { children: ReactNode }) {
  const isPhone = useIsPhone();
  return <ConfigProvider theme={isPhone ? TOUCH_THEME : {}}>{children}</ConfigProvider>;
}
