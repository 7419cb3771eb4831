import { accountCloseSchema } from '@portal/shared/schemas/legal';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Segmented } from 'antd';
import useApp from 'antd/es/app/useApp';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { SHEET_MODAL_PROPS } from '../../../components/sheet-modal';
import { SmsCodeButton } from '../../../components/sms-code-button';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { authStore, useAuth } from '../../../lib/auth-store';
import { CODE_RULES, digitsOnly, phoneRules } from '../../../lib/form-rules';
import { legalStatusQuery } from '../../../lib/legal';
import { queryClient } from '../../../lib/query-client';
import { zodFieldRules } from '../../../lib/zod-rules';
import { closeAccount, exportMyData } from '../api/my-data';
import styles from './my-data.module.css';

/**
 * The login password that confirms closing the account, as the server checks it; required here
 * because the page asked for the password rather than an SMS code.
 */
const CLOSE_PASSWORD_RULES = zodFieldRules(accountCloseSchema.shape.password, { required: true });

/** The answer's code when closing must wait (an order under way or open reports). */
const ACCOUNT_CLOSE_BLOCKED = '20012';

/** Saves the export as a file named by the day. */
function saveJson(data: Record<string, unknown>): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `我的数据-${dayjs().format('YYYY-MM-DD')}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

function ConsentRecords() {
  const session = useAuth((state) => state.session);
  const { data } = useQuery(legalStatusQuery(session));
  if (!data) return null;
  const line = (standing: typeof data.agreement) =>
    standing.acceptedVersion
      ? `已同意第${standing.acceptedVersion}版（${dayjs(standing.acceptedAt).format('YYYY-MM-DD HH:mm')}）${standing.pending ? `，现行为第${standing.currentVersion}版` : ''}`
      : `尚未同意（现行为第${standing.currentVersion}版）`;
  return (
    <ul className={styles.consents}>
      <li>
        <Link to={paths.agreement.getHref({})}>《{data.agreement.title}》</Link>：
        {line(data.agreement)}
      </li>
      <li>
        <Link to={paths.privacy.getHref()}>《{data.privacy.title}》</Link>
        （单独同意）：{line(data.privacy)}
      </li>
    </ul>
  );
}

interface CloseValues {
  password?: string;
  phone?: string;
  code?: string;
}

function CloseAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<CloseValues>();
  const [way, setWay] = useState<'password' | 'code'>('password');
  const [isBusy, setBusy] = useState(false);
  /** Why closing waits (an order under way, open reports), kept in view until the dialog closes. */
  const [blocked, setBlocked] = useState<string | null>(null);
  const { message } = useApp();
  const navigate = useNavigate();

  const handleFinish = async (values: CloseValues) => {
    setBusy(true);
    setBlocked(null);
    try {
      await closeAccount(
        way === 'password' ? { password: values.password } : { code: values.code },
      );
    } catch (error) {
      if (error instanceof ApiError && error.code === ACCOUNT_CLOSE_BLOCKED)
        setBlocked(error.message);
      return;
    } finally {
      setBusy(false);
    }
    authStore.logout();
    queryClient.removeQueries({ queryKey: ['auth'] });
    message.success('账号已注销');
    // After the personal centre has sent the signed-out visitor to /login: home instead.
    window.setTimeout(() => void navigate(paths.home.getHref(), { replace: true }), 0);
  };

  return (
    <Modal
      {...SHEET_MODAL_PROPS}
      open={open}
      title="确认注销账号"
      onCancel={onClose}
      afterClose={() => setBlocked(null)}
      footer={null}
      destroyOnHidden
    >
      <p>注销后无法恢复。请用登录密码或绑定手机的短信验证码确认是本人操作。</p>
      {blocked && (
        <Alert type="warning" showIcon role="alert" title="暂时不能注销" description={blocked} />
      )}
      <Segmented
        block
        value={way}
        onChange={(value) => setWay(value as 'password' | 'code')}
        options={[
          { label: '登录密码', value: 'password' },
          { label: '短信验证码', value: 'code' },
        ]}
      />
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={handleFinish}
        style={{ marginTop: 16 }}
      >
        {way === 'password' ? (
          <Form.Item label="登录密码" name="password" rules={CLOSE_PASSWORD_RULES}>
            <Input.Password placeholder="请输入登录密码" autoComplete="current-password" />
          </Form.Item>
        ) : (
          <>
            <Form.Item
              label="手机号"
              name="phone"
              rules={phoneRules('请输入手机号码', '手机号码格式错误')}
              getValueFromEvent={digitsOnly(11)}
            >
              <Input maxLength={11} placeholder="请输入绑定的手机号码" />
            </Form.Item>
            <Form.Item label="验证码" htmlFor="close-account-code" required>
              <div className={styles.codeRow}>
                <Form.Item name="code" rules={CODE_RULES} getValueFromEvent={digitsOnly(6)} noStyle>
                  <Input id="close-account-code" maxLength={6} placeholder="请输入验证码" />
                </Form.Item>
                <SmsCodeButton form={form} phoneField="phone" purpose="VALIDATE_PHONE" />
              </div>
            </Form.Item>
          </>
        )}
        <div className={styles.modalActions}>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" danger htmlType="submit" loading={isBusy}>
            确认注销
          </Button>
        </div>
      </Form>
    </Modal>
  );
}

/**
 * /myData 我的数据 (docs/product/accounts.md "My data"): the consent records, 下载我的数据 (JSON
 * of the citizen's own records) and 注销账号 with what is kept by law and what is deleted.
 */
export function MyData() {
  const [isExporting, setExporting] = useState(false);
  const [isClosing, setClosing] = useState(false);

  const download = async () => {
    setExporting(true);
    try {
      saveJson(await exportMyData());
    } catch {
      // The server message was shown.
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <section className={styles.section} aria-labelledby="my-data-consents">
        <h2 id="my-data-consents">同意记录</h2>
        <ConsentRecords />
      </section>
      <section className={styles.section} aria-labelledby="my-data-export">
        <h2 id="my-data-export">下载我的数据</h2>
        <p>
          下载本平台保存的您的全部个人信息副本（JSON
          格式）：个人资料（含实名认证的姓名和身份证号码）、订单、房源、收藏、浏览记录、消息、反馈、房聊消息、同意记录、订阅和您提交的举报。只包含您本人的信息。
        </p>
        <Button type="primary" loading={isExporting} onClick={() => void download()}>
          下载我的数据
        </Button>
      </section>
      <section className={styles.section} aria-labelledby="my-data-close">
        <h2 id="my-data-close">注销账号</h2>
        <p>注销后：</p>
        <ul>
          <li>
            删除：账号资料（手机号、密码、昵称、头像）、实名认证信息、订阅、收藏、浏览记录、消息、反馈、未被举报的二手房源及产权材料；所有登录立即失效，该手机号可重新注册。
          </li>
          <li>
            依法保留并去除个人身份：已缴纳订约金的订单和支付、退款记录（姓名、身份证号码、手机号遮盖后保存），以及平台操作日志。
          </li>
          <li>
            与他人有关的记录去除个人身份后保留3年：房聊记录（对方的记录完整保留，您显示为“已注销用户”）、您提交的和针对您的举报、被举报过的房源（已撤回）。
          </li>
          <li>有进行中的订约金订单（待支付、已缴纳未网签、退款中）时不能注销，请先完成或取消。</li>
          <li>您的房源或房聊有待平台处理的举报时不能注销，请等待处理完成。</li>
        </ul>
        <Button danger onClick={() => setClosing(true)}>
          注销账号
        </Button>
      </section>
      <CloseAccountDialog open={isClosing} onClose={() => setClosing(false)} />
    </>
  );
}
