import {
  type AdminProjectDetail,
  type AdminProjectFacts,
  adminProjectFactsSchema,
} from '@portal/shared/schemas/projects/admin';
import { PROJECT_STATUS, PROJECT_STATUS_LABEL } from '@portal/shared/status';
import { Button, Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import useApp from 'antd/es/app/useApp';
import { zodFieldBounds, zodFieldRules } from '../../../lib/zod-rules';
import { useSaveProjectFacts } from './api';
import { ProjectCoverField } from './project-cover-field';

const TEXT_FIELDS: Array<[keyof AdminProjectFacts, string]> = [
  ['publishName', '推广名'],
  ['projectName', '备案名'],
  ['projectAddress', '项目地址'],
  ['statusText', '销售状态（在售/待售/售罄）'],
  ['decorateStr', '装修标准'],
  ['buildTypeStr', '建筑类型'],
  ['houseTypeStr', '主力户型'],
  ['salesCenter', '售楼处地址'],
  ['contact', '咨询电话'],
];

const PRICE_FIELDS: Array<[keyof AdminProjectFacts, string]> = [
  ['platformPrice', '平台均价（元/㎡）'],
  ['currentPrice', '开发商售价（元/㎡）'],
  ['publishPrice', '备案价（元/㎡）'],
  ['depositAmount', '订约金（元）'],
];

/** A field's rules and its input's bounds, from the shared schema the server checks. */
const FIELD = adminProjectFactsSchema.shape;
const rulesOf = (name: keyof AdminProjectFacts) => zodFieldRules(FIELD[name]);
const boundsOf = (name: keyof AdminProjectFacts) => zodFieldBounds(FIELD[name]);

const NULLABLE = new Set<keyof AdminProjectFacts>([
  'publishPrice',
  'statusText',
  'decorateStr',
  'buildTypeStr',
  'houseTypeStr',
  'salesCenter',
  'contact',
]);

/** Facts, prices, status flags, tags and cover picture of one project. */
export function ProjectFactsForm({ project }: { project: AdminProjectDetail }) {
  const { message } = useApp();
  const save = useSaveProjectFacts(project.id);
  const [form] = Form.useForm<AdminProjectFacts>();

  const handleFinish = async (values: AdminProjectFacts) => {
    const cleaned = Object.fromEntries(
      Object.entries(values).map(([key, value]) => [
        key,
        NULLABLE.has(key as keyof AdminProjectFacts) && (value === '' || value === undefined)
          ? null
          : value,
      ]),
    );
    const parsed = adminProjectFactsSchema.safeParse(cleaned);
    if (!parsed.success) {
      message.error(parsed.error.issues[0]?.message ?? '请检查填写内容');
      return;
    }
    await save.mutateAsync(parsed.data).catch(() => null);
  };

  return (
    <Form<AdminProjectFacts>
      form={form}
      layout="vertical"
      initialValues={{ ...project, tagIds: project.tags.map((t) => t.id) }}
      onFinish={(values) => void handleFinish(values)}
    >
      <Row gutter={16}>
        {TEXT_FIELDS.map(([name, label]) => (
          <Col key={name} xs={24} md={12} lg={8}>
            <Form.Item name={name} label={label} rules={rulesOf(name)}>
              <Input maxLength={boundsOf(name).max} />
            </Form.Item>
          </Col>
        ))}
        {PRICE_FIELDS.map(([name, label]) => (
          <Col key={name} xs={24} md={12} lg={6}>
            <Form.Item name={name} label={label} rules={rulesOf(name)}>
              <InputNumber
                min={boundsOf(name).min}
                max={boundsOf(name).max}
                precision={0}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
        ))}
        <Col xs={24} md={8}>
          <Form.Item name="publishStatus" label="发布状态">
            <Select
              options={Object.values(PROJECT_STATUS).map((v) => ({
                value: v,
                label: PROJECT_STATUS_LABEL[v],
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item name="groupBuy" label="团购" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item name="recommended" label="推荐楼盘" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="coverPath" label="封面图片">
            <ProjectCoverField />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="tagIds" label="楼盘特色标签">
            <Select
              mode="multiple"
              options={project.allTags.map((t) => ({ value: t.id, label: t.tagName }))}
              placeholder="选择标签"
            />
          </Form.Item>
        </Col>
      </Row>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        保存
      </Button>
    </Form>
  );
}
