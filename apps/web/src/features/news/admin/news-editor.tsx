import { NEWS_TYPE_LABEL, type NewsType } from '@portal/shared/constants/news';
import { NEWS_RICH_TEXT } from '@portal/shared/html/allow-lists';
import { type AdminNewsSave, adminNewsSaveSchema } from '@portal/shared/schemas/news/admin';
import { NEWS_STATUS, NEWS_STATUS_LABEL, type NewsStatusCode } from '@portal/shared/status';
import {
  Button,
  Form,
  Image,
  Input,
  InputNumber,
  Radio,
  Space,
  Spin,
  Switch,
  Typography,
  Upload,
} from 'antd';
import useApp from 'antd/es/app/useApp';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { RichTextEditor, type RichTextTool } from '../../../components/rich-text-editor';
import { paths } from '../../../config/paths';
import { uploadErrorText, uploadFile } from '../../../lib/operator-upload';
import { toOssUrl } from '../../../lib/oss-url';
import { zodFieldBounds, zodFieldRules } from '../../../lib/zod-rules';
import { useAdminNews, useSaveNews } from './api';
import { useEditorUpload } from './use-editor-upload';

type FormValues = Omit<AdminNewsSave, 'content' | 'publish' | 'coverPath'>;

/** The fields' rules and lengths, from the shared schema the server checks. */
const FIELD = adminNewsSaveSchema.shape;
const rulesOf = (name: 'title' | 'source' | 'summary') => zodFieldRules(FIELD[name]);
const maxOf = (name: 'title' | 'source' | 'summary') => zodFieldBounds(FIELD[name]).max;
/** A 楼盘动态 names its project: the page asks for it, the shared field bounds it. */
const NEWS_TYPE_RULES = zodFieldRules(FIELD.newsType);
const PROJECT_ID_RULES = zodFieldRules(FIELD.projectId, {
  required: true,
  requiredMessage: '请输入楼盘编号',
});
const PROJECT_ID_MIN = zodFieldBounds(FIELD.projectId).min;

const ARTICLE_TOOLS: readonly RichTextTool[] = [
  'bold',
  'heading',
  'paragraph',
  'orderedList',
  'bulletList',
  'link',
  'image',
  'attachment',
];

/** Create or edit one article: type, title, source, summary, cover, rich text, draft or publish. */
export function NewsEditor({ id }: { id?: number }) {
  const { message } = useApp();
  const navigate = useNavigate();
  const article = useAdminNews(id);
  const save = useSaveNews();
  const [form] = Form.useForm<FormValues>();
  const newsType = Form.useWatch('newsType', form);
  const [content, setContent] = useState<string | null>(null);
  const [coverPath, setCoverPath] = useState<string | null | undefined>(undefined);
  const [isCoverUploading, setIsCoverUploading] = useState(false);
  const uploadToArticle = useEditorUpload();

  if (id !== undefined && article.isPending) return <Spin />;
  const initial = article.data;
  const currentContent = content ?? initial?.content ?? '';
  const currentCover = coverPath === undefined ? (initial?.coverPath ?? null) : coverPath;

  const handleCoverUpload = (file: File) => {
    setIsCoverUploading(true);
    uploadFile('/api/admin/uploads', file, { kind: 'image' }, { toast: false })
      .then((saved) => {
        setCoverPath(saved.path);
        message.success('封面已上传，保存后生效');
      })
      .catch((error: unknown) => message.error(uploadErrorText(error)))
      .finally(() => setIsCoverUploading(false));
    return false;
  };

  const submit = async (publish: boolean) => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const body: AdminNewsSave = {
      ...values,
      content: currentContent,
      coverPath: currentCover,
      publish,
    };
    const parsed = adminNewsSaveSchema.safeParse(body);
    if (!parsed.success) {
      message.error(parsed.error.issues[0]?.message ?? '请检查填写内容');
      return;
    }
    const saved = await save.mutateAsync({ id, body: parsed.data }).catch(() => null);
    if (!saved) return;
    message.success(publish ? '发布成功' : '保存成功');
    if (publish) navigate(paths.adminNews.getHref());
    else if (id === undefined)
      navigate(paths.adminNewsEdit.getHref({ id: saved.id }), { replace: true });
  };

  return (
    <>
      <Typography.Title level={4}>
        {id === undefined
          ? '新建文章'
          : `编辑文章（${NEWS_STATUS_LABEL[(initial?.newsState ?? NEWS_STATUS.DRAFT) as NewsStatusCode]}）`}
      </Typography.Title>
      <Form<FormValues>
        form={form}
        layout="vertical"
        style={{ maxWidth: 900 }}
        initialValues={{
          newsType: (initial?.newsType as NewsType | undefined) ?? 2,
          title: initial?.title ?? '',
          source: initial?.source ?? '',
          summary: initial?.summary ?? '',
          projectId: initial?.projectId ?? undefined,
          isHeadline: initial?.isHeadline ?? false,
        }}
      >
        <Form.Item name="newsType" label="类型" rules={NEWS_TYPE_RULES}>
          <Radio.Group
            options={([1, 2, 3] as NewsType[]).map((v) => ({
              value: v,
              label: NEWS_TYPE_LABEL[v],
            }))}
          />
        </Form.Item>
        {newsType === 3 && (
          <Form.Item name="projectId" label="所属楼盘编号" rules={PROJECT_ID_RULES}>
            <InputNumber min={PROJECT_ID_MIN} precision={0} style={{ width: 200 }} />
          </Form.Item>
        )}
        <Form.Item name="title" label="标题" rules={rulesOf('title')}>
          <Input maxLength={maxOf('title')} showCount />
        </Form.Item>
        <Form.Item name="source" label="来源" rules={rulesOf('source')}>
          <Input maxLength={maxOf('source')} placeholder="如：市住房和城乡建设局" />
        </Form.Item>
        <Form.Item name="summary" label="摘要" rules={rulesOf('summary')}>
          <Input.TextArea maxLength={maxOf('summary')} rows={2} showCount />
        </Form.Item>
        <Form.Item name="isHeadline" label="首页头条" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item label="封面图片">
          <Space align="start">
            {currentCover && <Image width={160} src={toOssUrl(currentCover)} alt="封面" />}
            <Upload accept="image/*" showUploadList={false} beforeUpload={handleCoverUpload}>
              <Button loading={isCoverUploading}>{currentCover ? '更换封面' : '上传封面'}</Button>
            </Upload>
            {currentCover && (
              <Button type="link" danger onClick={() => setCoverPath(null)}>
                移除封面
              </Button>
            )}
          </Space>
        </Form.Item>
        <Form.Item label="正文" required>
          <RichTextEditor
            key={initial?.id ?? 'new'}
            value={currentContent}
            onChange={setContent}
            allowList={NEWS_RICH_TEXT}
            tools={ARTICLE_TOOLS}
            label="文章内容"
            minHeight={280}
            onUpload={uploadToArticle}
          />
        </Form.Item>
        <Space>
          <Button onClick={() => void submit(false)} loading={save.isPending}>
            保存草稿
          </Button>
          <Button type="primary" onClick={() => void submit(true)} loading={save.isPending}>
            发布
          </Button>
          <Button type="link" onClick={() => navigate(paths.adminNews.getHref())}>
            返回列表
          </Button>
        </Space>
      </Form>
    </>
  );
}
