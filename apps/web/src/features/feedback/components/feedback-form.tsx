import { FEEDBACK_RICH_TEXT } from '@portal/shared/html/allow-lists';
import { feedbackCreateSchema, feedbackPhoneSchema } from '@portal/shared/schemas/feedback';
import { Button, Form, Input } from 'antd';
import useApp from 'antd/es/app/useApp';
import { useEffect } from 'react';
import { RichTextEditor, type RichTextTool } from '../../../components/rich-text-editor';
import { ApiError } from '../../../lib/api-client';
import { authStore, useAuth } from '../../../lib/auth-store';
import { useCurrentUser } from '../../../lib/current-user';
import { zodFieldBounds, zodFieldRules } from '../../../lib/zod-rules';
import { useSubmitFeedback } from '../api/feedback-api';
import styles from './feedback.module.css';

/** The shared rules of the feedback form; the rich-text content keeps its own required rule. */
const FIELDS = feedbackCreateSchema.shape;
/** A citizen's question: emphasis and lists (links and pictures are the operators' tools). */
const QUESTION_TOOLS: readonly RichTextTool[] = ['bold', 'italic', 'bulletList', 'orderedList'];

interface FormValues {
  realname: string;
  phone: string;
  title: string;
  content: string;
  website: string;
}

/**
 * The interaction form (docs/product/content.md): name, contact, title and rich-text content.
 * A signed-in citizen finds name and phone filled in from the account (a verified citizen may
 * leave the name empty: the server uses the verified name). There is no picture puzzle: a visitor
 * fills everything in and signs in on 提交 with a code sent to the phone, which a screen reader
 * reads out; programs are kept out by the sign-in, the server's limit per citizen and a trap
 * field nobody sees (docs/product/accessibility.md).
 */
export function FeedbackForm() {
  const [form] = Form.useForm<FormValues>();
  const { message } = useApp();
  const isLoggedIn = useAuth((state) => state.isLoggedIn);
  const storedUser = useAuth((state) => state.user);
  const { data: me } = useCurrentUser();
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
        ...(values.website ? { website: values.website } : {}),
      });
      message.success('提交成功！');
      form.resetFields(['title', 'content']);
    } catch (error) {
      message.error(error instanceof ApiError ? error.message : '提交失败，请稍后重试');
    }
  };

  return (
    <Form
      form={form}
      className={styles.form}
      labelCol={{ flex: '96px' }}
      validateTrigger={['onBlur', 'onSubmit']}
      onFinish={(values) => void handleFinish(values)}
      initialValues={{ realname: '', phone: '', title: '', content: '', website: '' }}
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
      {/* The trap: out of sight, out of the tab order and hidden from screen readers. */}
      <div className={styles.trap} aria-hidden="true">
        <Form.Item label="网站" name="website">
          <Input tabIndex={-1} autoComplete="off" />
        </Form.Item>
      </div>
      {!isLoggedIn && (
        <p className={styles.signInNote} id="feedback-sign-in-note">
          提交时请登录：用手机号接收短信验证码即可，无需识别图片。
        </p>
      )}
      <Form.Item label=" " colon={false}>
        <Button type="primary" htmlType="submit" loading={submit.isPending}>
          提交
        </Button>
      </Form.Item>
    </Form>
  );
}
