import { LockOutlined, MobileOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { maskPhone } from '@portal/shared/format';
import type { CurrentUser } from '@portal/shared/schemas/auth';
import { Button } from 'antd';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import styles from './account.module.css';
import { RealnameDialog } from './realname-dialog';

function Row(props: { icon: ReactNode; title: string; desc: ReactNode; action: ReactNode }) {
  return (
    <div className={styles.row}>
      <span className={styles.rowIcon} aria-hidden>
        {props.icon}
      </span>
      <div className={styles.rowMain}>
        <div className={styles.rowTitle}>{props.title}</div>
        <div className={styles.rowDesc}>{props.desc}</div>
      </div>
      {props.action}
    </div>
  );
}

/** /securitySetting: login password, phone verification and real-name rows (docs/product/accounts.md). */
export function SecurityRows({ user }: { user: CurrentUser }) {
  const navigate = useNavigate();
  const [isRealnameOpen, setIsRealnameOpen] = useState(false);

  return (
    <div className={styles.rows}>
      <Row
        icon={<LockOutlined />}
        title="登录密码"
        desc="建议定期修改密码，密码须包含大写字母、小写字母和数字"
        action={<Button onClick={() => navigate(paths.modifyPassword.getHref())}>修改</Button>}
      />
      <Row
        icon={<MobileOutlined />}
        title="手机验证"
        desc={user.phoneNumber ? `您已绑定手机 ${maskPhone(user.phoneNumber)}` : '尚未绑定手机号'}
        action={<Button onClick={() => navigate(paths.modifyPhone.getHref())}>修改</Button>}
      />
      <Row
        icon={<SafetyCertificateOutlined />}
        title="实名认证"
        desc={
          user.realNameAuth ? (
            <span className={styles.done}>已认证</span>
          ) : (
            '您尚未完成实名认证，认证后可发布二手房源、缴纳订约金'
          )
        }
        action={
          user.realNameAuth ? (
            <span className={styles.done}>已认证</span>
          ) : (
            <Button type="primary" onClick={() => setIsRealnameOpen(true)}>
              去认证
            </Button>
          )
        }
      />
      <RealnameDialog open={isRealnameOpen} onClose={() => setIsRealnameOpen(false)} />
    </div>
  );
}
