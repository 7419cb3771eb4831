import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { SiteQrCode } from '../../../components/site-qr-code';
import { paths } from '../../../config/paths';
import styles from './publish.module.css';

/** Step 4: submitted, awaiting review; links home and to 我的二手房, and the mini-program QR. */
export function PublishSuccess() {
  return (
    <Result
      status="success"
      title="提交成功，等待审核"
      subTitle="房源信息已提交，工作人员审核通过后将在二手房频道发布，审核结果会通过消息通知您。"
      extra={[
        <Link key="home" to={paths.home.getHref()}>
          <Button>返回首页</Button>
        </Link>,
        <Link key="mine" to={paths.mySecondHandHouse.getHref()}>
          <Button type="primary">我的二手房</Button>
        </Link>,
      ]}
    >
      <div className={styles.qr}>
        <SiteQrCode path={paths.mySecondHandHouse.getHref()} purpose="，随时查看房源审核进度" />
      </div>
    </Result>
  );
}
