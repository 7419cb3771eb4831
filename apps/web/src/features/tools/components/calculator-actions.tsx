import { Button, Form, Space } from 'antd';

/** 开始计算 (submits the form) and 重置 (restores the defaults and clears the result). */
export function CalculatorActions({ onReset }: { onReset: () => void }) {
  return (
    <Form.Item label=" " colon={false}>
      <Space>
        <Button type="primary" htmlType="submit">
          开始计算
        </Button>
        <Button htmlType="button" onClick={onReset}>
          重置
        </Button>
      </Space>
    </Form.Item>
  );
}
