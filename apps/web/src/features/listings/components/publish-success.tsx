import { Button, Result } from 'antd';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { SiteQrCode } from '../../../components/site-qr-code';
import { paths } from '../../../config/paths';
import { listingHref } from './listing-list-item';
import styles from './publish.module.css';

/**
 * Step 4: submitted, awaiting review; links to the pending listing's preview, to 我的二手房 and
 * home. On a computer the mini-program QR follows the review on a phone; a phone, which cannot
 * scan itself, is shown the buttons only (the QR is hidden by the stylesheet).
 */
export function PublishSuccess({ listing }: { listing: { id: number; type: number } | null }) {
  const navigate = useNavigate();
  // Links that look like buttons: they navigate inside the app, and open in a new tab if asked.
  const go = (href: string) => (event: MouseEvent) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    void navigate(href);
  };
  const homeHref = paths.home.getHref();
  const mineHref = paths.mySecondHandHouse.getHref();
  const previewHref = listing ? listingHref(listing) : null;
  return (
    <Result
      status="success"
      title="提交成功，等待审核"
      subTitle="房源信息已提交，工作人员审核通过后将在二手房频道发布，审核结果会通过消息通知您。"
      extra={[
        previewHref && (
          <Button key="preview" href={previewHref} onClick={go(previewHref)}>
            预览房源
          </Button>
        ),
        <Button key="home" href={homeHref} onClick={go(homeHref)}>
          返回首页
        </Button>,
        <Button key="mine" type="primary" href={mineHref} onClick={go(mineHref)}>
          我的二手房
        </Button>,
      ]}
    >
      <div className={styles.qr}>
        <SiteQrCode path={paths.mySecondHandHouse.getHref()} purpose="，随时查看房源审核进度" />
      </div>
    </Result>
  );
}
