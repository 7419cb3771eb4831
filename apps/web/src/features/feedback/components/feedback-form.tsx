import { API_CODE } from '@portal/shared/codes';
import { FEEDBACK_RICH_TEXT } from '@portal/shared/html/allow-lists';
import { feedbackCreateSchema, feedbackPhoneSchema } from '@portal/shared/schemas/feedback';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Form, Input } from 'antd';
import { useCallback, useEffect } from 'react';
import { RichTextEditor, type RichTextTool } from '../../../components/rich-text-editor';
import { ApiError } from '../../../lib/api-client';
import { authStore, useAuth } from '../../../lib/auth-store';
import { useCurrentUser } from '../../../lib/current-user';
import { zodFieldBounds, zodFieldRules } from '../../../lib/zod-rules';
import { fetchCaptcha, useSubmitFeedback } from '../api/feedback-api';
import styles from './feedback.module.css';

/** The shared rules of the feedback form; the rich-text content keeps its own required rule. */
const FIELDS = feedbackCreateSchema.shape;
/** A citizen's question: emphasis and lists (links and pictures are the operators' tools). */
const QUESTION_TOOLS: readonly RichTextTool[] = ['bold', 'italic', 'bulletList', 'orderedList'];
const CODE_MISMATCH = '验证码不正确，请重新输入！';
/** Code of a wrong picture code (packages/shared codes: FEEDBACK_CAPTCHA_INVALID). */
const CAPTCHA_INVALID_CODE = API_CODE.FEEDBACK_CAPTCHA_INVALID;

interface FormValues {
  realname: string;
  phone: string;
  title: string;
  content: string;
  num: string;
}

/** The picture code: issued by the server, a new one on click (docs/product/content.md). */
function useCaptcha(enabled: boolean) {
  const query = useQuery({
    enabled,
    queryKey: ['feedback', 'captcha'],
    queryFn: fetchCaptcha,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });
  const { refetch } = query;
  const refresh = useCallback(() => void refetch(), [refetch]);
  return { captcha: query.data ?? null, refresh };
}

/**
 * The interaction form (docs/product/content.md): name, contact, title and rich-text content.
 * A signed-in citizen finds name and phone filled in from the account (a verified citizen may
 * leave the name empty: the server uses the verified name) and is not shown a picture code; a
 * visitor fills everything in, types the 5-digit picture code, and gets the login dialog on 提交.
 */
export function FeedbackForm() {
  const [form] = Form.useForm<FormValues>();
  const { message } = App.useApp();
  const isLoggedIn = useAuth((state) => state.isLoggedIn);
  const storedUser = useAuth((state) => state.user);
  const { data: me } = useCurrentUser();
  const { captcha, refresh } = useCaptcha(!isLoggedIn);
  const submit = useSubmitFeedback();
  const nickName = me?.nickName ?? storedUser?.nickName ?? '';
  const phone = me?.phoneNumber ?? storedUser?.phoneNumber ?? '';
  const isVerified = me?.realNameAuth === true;

  // The account's name and phone fill the fields the citizen has not typed into.
  useEffect(() => {
    if (!isLoggedIn) return;
    if (nickName && !form.getFieldValue('realname')) form.setFieldValue('realname', nickName);
    if (phone && !form.getFieldValue('phone')) form.setFieldValue('phone', phone);
  }, [form, isLoggedIn, nickName, phone]);

  const handleFinish = async (values: FormValues) => {
    if (!isLoggedIn) {
      authStore.setLoginDialogOpen(true);
      return;
    }
    try {
      await submit.mutateAsync({
        realname: values.realname.trim() || undefined,
        phone: values.phone.trim() || undefined,
        title: values.title.trim(),
        content: values.content,
      });
      message.success('提交成功！');
      form.resetFields(['title', 'content']);
    } catch (error) {
      if (error instanceof ApiError && error.code === CAPTCHA_INVALID_CODE) {
        message.warning(CODE_MISMATCH);
      } else {
        message.error(error instanceof ApiError ? error.message : '提交失败，请稍后重试');
      }
    }
  };

  return (
    <Form
      form={form}
      className={styles.form}
      labelCol={{ flex: '96px' }}
      validateTrigger={['onBlur', 'onSubmit']}
      onFinish={(values) => void handleFinish(values)}
      initialValues={{ realname: '', phone: '', title: '', content: '', num: '' }}
    >
      <Form.Item
        label="姓名"
        name="realname"
        required={!isVerified}
        rules={zodFieldRules(FIELDS.realname, {
          required: !isVerified,
          requiredMessage: '必填项不能为空',
        })}
      >
        <Input
          placeholder={isVerified ? '已实名认证，不填则使用认证姓名' : '请输入姓名'}
          maxLength={zodFieldBounds(FIELDS.realname).max}
        />
      </Form.Item>
      <Form.Item
        label="联系方式"
        name="phone"
        required={!isLoggedIn}
        rules={zodFieldRules(feedbackPhoneSchema, {
          required: !isLoggedIn,
          requiredMessage: '必填项不能为空',
        })}
      >
        <Input
          placeholder={isLoggedIn ? '不填则使用账号手机号' : '请输入手机号'}
          maxLength={11}
          inputMode="numeric"
        />
      </Form.Item>
      <Form.Item label="标题" name="title" rules={zodFieldRules(FIELDS.title)}>
        <Input placeholder="请输入标题" maxLength={zodFieldBounds(FIELDS.title).max} />
      </Form.Item>
      <Form.Item
        label="内容"
        name="content"
        rules={zodFieldRules(FIELDS.content)}
        trigger="onChange"
        validateTrigger={['onBlur', 'onSubmit']}
      >
        <RichTextEditor
          allowList={FEEDBACK_RICH_TEXT}
          tools={QUESTION_TOOLS}
          label="内容"
          placeholder="请输入您要咨询或反馈的内容"
        />
      </Form.Item>
      {!isLoggedIn && (
        <Form.Item label="验证码" required>
          <div className={styles.codeRow}>
            <Form.Item
              name="num"
              noStyle
              rules={zodFieldRules(FIELDS.num, {
                required: true,
                requiredMessage: '必填项不能为空',
              })}
            >
              <Input
                className={styles.codeInput}
                placeholder="请输入验证码"
                maxLength={5}
                inputMode="numeric"
              />
            </Form.Item>
            <button
              type="button"
              className={styles.codePicture}
              onClick={refresh}
              title="看不清？换一张"
              aria-label="验证码图片，点击换一张"
            >
              {captcha && <img src={captcha.image} alt="验证码" />}
            </button>
            <span className={styles.codeHint}>看不清？点击图片换一张</span>
          </div>
        </Form.Item>
      )}
      <Form.Item label=" " colon={false}>
        <Button type="primary" htmlType="submit" loading={submit.isPending}>
          提交
        </Button>
      </Form.Item>
    </Form>
  );
}
