import { MobileOutlined } from '@ant-design/icons';
import { Popover } from 'antd';
import { Link } from 'react-router';
import { QrCodeArt } from '../../components/qr-code-art';
import { paths } from '../../config/paths';
import { MINI_PROGRAM_QR_TEXT } from '../../config/site';
import { useAuth } from '../../lib/auth-store';
import { useIsRegistered } from '../../lib/registered-routes';
import styles from './top-bar.module.css';
import { UserMenu } from './user-menu';

function MiniProgramCard() {
  return (
    <div className={styles.qrCard}>
      <QrCodeArt value={MINI_PROGRAM_QR_TEXT} label="小程序二维码" />
      <p>微信扫一扫，打开小程序</p>
    </div>
  );
}

/** The thin bar above the header: greeting, 小程序 QR and the sign-in or user menu. */
export function TopBar({ siteTitle }: { siteTitle: string }) {
  const isLoggedIn = useAuth((state) => state.isLoggedIn);
  const isRegistered = useIsRegistered();

  return (
    <div className={styles.bar}>
      <div className={styles.inner}>
        <span className={styles.greeting}>您好，欢迎访问{siteTitle}！</span>
        <div className={styles.actions}>
          <Popover content={<MiniProgramCard />} placement="bottom" trigger={['hover', 'click']}>
            <button type="button" className={styles.action}>
              <MobileOutlined /> 小程序
            </button>
          </Popover>
          {isLoggedIn ? (
            <UserMenu />
          ) : (
            <>
              {isRegistered('login') && (
                <Link className={styles.action} to={paths.login.getHref({})}>
                  登录
                </Link>
              )}
              {isRegistered('register') && (
                <Link className={styles.action} to={paths.register.getHref()}>
                  注册
                </Link>
              )}
            </>
          )}
        </div>
      </div>
    </div>
  );
}
