import { UserOutlined } from '@ant-design/icons';
import { maskPhone } from '@portal/shared/format';
import { profileUpdateSchema, type CurrentUser } from '@portal/shared/schemas/auth';
import { Avatar, Button, DatePicker, Form, Input, Radio } from 'antd';
import useApp from 'antd/es/app/useApp';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { toOssUrl } from '../../../lib/oss-url';
import { zodFieldBounds, zodFieldRules } from '../../../lib/zod-rules';
import { updateProfile, useProfileMutation } from '../api/profile';
import styles from './account.module.css';
import { AvatarDialog } from './avatar-dialog';

/** The shared rules of the profile form (docs/product/accounts.md). */
const PROFILE = profileUpdateSchema.shape;

interface Values {
  nickName: string;
  gender: 0 | 1 | 2;
  birthday: Dayjs | null;
  remark: string;
}

const GENDER_OPTIONS = [
  { value: 0, label: '男' },
  { value: 1, label: '女' },
  { value: 2, label: '保密' },
];

/** /myInfomation: avatar, masked phone, 昵称, 性别, 生日 and 个性签名 (docs/product/accounts.md). */
export function ProfileForm({ user }: { user: CurrentUser }) {
  const { message } = useApp();
  const [isAvatarOpen, setIsAvatarOpen] = useState(false);
  const save = useProfileMutation(updateProfile);
  const avatar = toOssUrl(user.avatar);

  const handleFinish = async (values: Values) => {
    await save.mutateAsync({
      nickName: values.nickName.trim(),
      gender: values.gender,
      birthday: values.birthday ? values.birthday.format('YYYY-MM-DD') : null,
      remark: values.remark.trim(),
    });
    message.success('保存成功');
  };

  return (
    <>
      <Form<Values>
        className={styles.form}
        labelCol={{ flex: '110px' }}
        validateTrigger={['onBlur', 'onSubmit']}
        initialValues={{
          nickName: user.nickName ?? '',
          gender: user.gender,
          birthday: user.birthday ? dayjs(user.birthday) : null,
          remark: user.remark ?? '',
        }}
        onFinish={(values) => void handleFinish(values).catch(() => undefined)}
      >
        <Form.Item label="头像">
          <button
            type="button"
            className={styles.avatarButton}
            onClick={() => setIsAvatarOpen(true)}
          >
            <Avatar size={80} src={avatar || undefined} icon={<UserOutlined />} alt="头像" />
            <span>修改头像</span>
          </button>
        </Form.Item>
        <Form.Item label="登录手机">
          <span>{user.phoneNumber ? maskPhone(user.phoneNumber) : '未绑定'}</span>
        </Form.Item>
        <Form.Item label="昵称" name="nickName" rules={zodFieldRules(PROFILE.nickName)}>
          <Input maxLength={zodFieldBounds(PROFILE.nickName).max} placeholder="请输入昵称" />
        </Form.Item>
        <Form.Item label="性别" name="gender">
          <Radio.Group options={GENDER_OPTIONS} />
        </Form.Item>
        <Form.Item label="生日" name="birthday">
          <DatePicker
            format="YYYY-MM-DD"
            placeholder="请选择生日"
            disabledDate={(day) => day.isAfter(dayjs()) || day.isBefore(dayjs('1900-01-01'))}
          />
        </Form.Item>
        <Form.Item label="个性签名" name="remark" rules={zodFieldRules(PROFILE.remark)}>
          <Input.TextArea
            maxLength={zodFieldBounds(PROFILE.remark).max}
            showCount
            rows={2}
            placeholder="介绍一下自己吧"
          />
        </Form.Item>
        <Form.Item label=" " colon={false}>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存
          </Button>
        </Form.Item>
      </Form>
      <AvatarDialog open={isAvatarOpen} onClose={() => setIsAvatarOpen(false)} />
    </>
  );
}
