import { type AdminSiteSettings, adminSiteSettingsSchema } from '@portal/shared/schemas/site/admin';
import { Button, Form, Image, Input, Space, Spin, Typography, Upload } from 'antd';
import useApp from 'antd/es/app/useApp';
import { uploadErrorText, uploadFile } from '../../../lib/operator-upload';
import { toOssUrl } from '../../../lib/oss-url';
import { zodFieldRules } from '../../../lib/zod-rules';
import { useAdminSiteSettings, useSaveSiteSettings } from './api';

/** Rules of one field taken from the shared schema, so the form and the server agree. */
const rulesOf = (field: keyof AdminSiteSettings) =>
  zodFieldRules(adminSiteSettingsSchema.shape[field]);

const FIELDS: Array<[keyof AdminSiteSettings, string, boolean]> = [
  ['title', '网站名称（页面标题）', false],
  ['keywords', '关键词（meta keywords，逗号分隔）', false],
  ['description', '网站描述（meta description）', true],
  ['icp', 'ICP 备案号（页脚）', false],
  ['copyright', '版权信息（页脚）', false],
  ['website', '主办单位网址（页脚）', false],
  ['cityName', '城市名称（页面标题与页头，如 秦皇岛市）', false],
  ['authority', '主办单位全称（页头与页脚）', false],
  ['hotline', '服务热线（页脚）', false],
  ['icpLink', 'ICP 备案查询网址（页脚链接，默认 https://beian.miit.gov.cn/）', false],
  ['psbNumber', '公安备案号（页脚）', false],
  ['psbLink', '公安备案查询网址（页脚链接）', false],
];

/** Site title, city and authority, logo, meta tags and footer lines (docs/product/page-meta.md). */
export function SiteSettingsForm() {
  const { message } = useApp();
  const { data, isPending } = useAdminSiteSettings();
  const save = useSaveSiteSettings();
  const [form] = Form.useForm<AdminSiteSettings>();
  const logo = Form.useWatch('logo', form) ?? data?.logo ?? '';
  if (isPending || !data) return <Spin />;
  return (
    <>
      <Typography.Title level={4}>站点设置</Typography.Title>
      <Form<AdminSiteSettings>
        form={form}
        layout="vertical"
        style={{ maxWidth: 720 }}
        initialValues={data}
        onFinish={(values) => void save.mutateAsync(values).catch(() => null)}
      >
        {FIELDS.map(([name, label, isLong]) => (
          <Form.Item key={name} name={name} label={label} rules={rulesOf(name)}>
            {isLong ? <Input.TextArea rows={3} /> : <Input />}
          </Form.Item>
        ))}
        <Form.Item name="logo" hidden rules={rulesOf('logo')}>
          <Input />
        </Form.Item>
        <Form.Item label="网站标志">
          <Space align="center">
            {logo ? <Image height={48} src={toOssUrl(logo)} alt="网站标志" /> : <span>未设置</span>}
            <Upload
              accept="image/*"
              showUploadList={false}
              beforeUpload={(file) => {
                uploadFile('/api/admin/site-settings/logo', file, undefined, { toast: false })
                  .then((saved) => {
                    form.setFieldValue('logo', saved.path);
                    message.success('标志已上传，保存后生效');
                  })
                  .catch((error: unknown) => message.error(uploadErrorText(error)));
                return false;
              }}
            >
              <Button>上传标志</Button>
            </Upload>
            {logo && (
              <Button type="link" danger onClick={() => form.setFieldValue('logo', '')}>
                移除
              </Button>
            )}
          </Space>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          保存
        </Button>
      </Form>
    </>
  );
}
