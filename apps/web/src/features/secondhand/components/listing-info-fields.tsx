import { beijingYearOf } from '@portal/shared/beijing-time';
import { LISTING_LIMITS } from '@portal/shared/constants/listings';
import type { DictionaryType } from '@portal/shared/constants/listings';
import { LISTING_MESSAGES as M } from '@portal/shared/schemas/listings';
import { PHONE_PATTERN } from '@portal/shared/validators';
import { Checkbox, DatePicker, Form, Input, InputNumber, Select, Space } from 'antd';
import { useDictionary, useListingTags } from '../api/reference-data';
import { PictureUpload } from './picture-upload';

function DictionarySelect({ type, label, ...rest }: { type: DictionaryType; label: string }) {
  const items = useDictionary(type);
  return (
    <Select
      {...rest}
      aria-label={label}
      placeholder={`请选择${label}`}
      options={(items.data ?? []).map((item) => ({ value: item.id, label: item.name }))}
    />
  );
}

const required = (message: string) => [{ required: true, message }];
const requiredText = (message: string) => [{ required: true, whitespace: true, message }];
const requiredList = (message: string) => [
  { required: true, type: 'array' as const, min: 1, message },
];

interface ListingInfoFieldsProps {
  type: 1 | 2;
  /** Edit mode: the publish type cannot change (docs/product/listings.md). */
  isTypeLocked: boolean;
}

/**
 * Step 2 填写信息: every field with its rules by type (docs/product/listings.md). Tags of type 6 (sale) or
 * 7 (rent) follow the type. The district comes from the verification and stays fixed. The build
 * year is required for a sale and optional for a rental, where it feeds the 房龄 filter.
 */
export function ListingInfoFields({ type, isTypeLocked }: ListingInfoFieldsProps) {
  const isSale = type === 1;
  const tags = useListingTags(isSale ? 6 : 7);
  return (
    <>
      <Form.Item label="发布类型" name="type" rules={required(M.type)}>
        <Select
          aria-label="发布类型"
          disabled={isTypeLocked}
          options={[
            { value: 1, label: '出售' },
            { value: 2, label: '出租' },
          ]}
        />
      </Form.Item>
      <Form.Item label="区域" name="areaCode" rules={required(M.areaCode)}>
        <DictionarySelect type="area_code" label="区域" {...{ disabled: true }} />
      </Form.Item>
      <Form.Item label="小区名称" name="communityName" rules={requiredText(M.communityName)}>
        <Input aria-label="小区名称" maxLength={50} />
      </Form.Item>
      <Form.Item label="地址" name="address" rules={requiredText(M.address)}>
        <Input aria-label="地址" maxLength={100} />
      </Form.Item>
      <Form.Item label="门牌号" required>
        <Space.Compact>
          <Form.Item name="buildNum" noStyle rules={requiredText(M.buildNum)}>
            <Input aria-label="楼栋" suffix="栋" maxLength={10} style={{ width: 110 }} />
          </Form.Item>
          <Form.Item name="cellNum" noStyle rules={requiredText(M.cellNum)}>
            <Input aria-label="单元" suffix="单元" maxLength={10} style={{ width: 110 }} />
          </Form.Item>
          <Form.Item name="houseNum" noStyle rules={requiredText(M.houseNum)}>
            <Input aria-label="门牌" suffix="号" maxLength={10} style={{ width: 110 }} />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <Form.Item label="户型" required>
        <Space.Compact>
          <Form.Item name="bedroom" noStyle rules={required(M.bedroom)}>
            <InputNumber
              aria-label="室"
              min={0}
              max={20}
              precision={0}
              suffix="室"
              style={{ width: 100 }}
            />
          </Form.Item>
          <Form.Item name="room" noStyle rules={required(M.room)}>
            <InputNumber
              aria-label="厅"
              min={0}
              max={20}
              precision={0}
              suffix="厅"
              style={{ width: 100 }}
            />
          </Form.Item>
          <Form.Item name="toilet" noStyle rules={required(M.toilet)}>
            <InputNumber
              aria-label="卫"
              min={0}
              max={20}
              precision={0}
              suffix="卫"
              style={{ width: 100 }}
            />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <Form.Item label="建筑面积" name="buildArea" rules={required(M.buildArea)}>
        <InputNumber
          aria-label="建筑面积"
          min={1}
          max={100000}
          precision={2}
          suffix="㎡"
          style={{ width: 160 }}
        />
      </Form.Item>
      <Form.Item label="楼层" required>
        <Space.Compact>
          <Form.Item name="floorNum" noStyle rules={required(M.floorNum)}>
            <InputNumber
              aria-label="所在层"
              min={-5}
              max={200}
              precision={0}
              prefix="第"
              suffix="层"
              style={{ width: 120 }}
            />
          </Form.Item>
          <Form.Item
            name="totalFloor"
            noStyle
            dependencies={['floorNum']}
            rules={[
              ...required(M.totalFloor),
              ({ getFieldValue }) => ({
                validator: (_rule, value: number | undefined) =>
                  value === undefined || (getFieldValue('floorNum') ?? 0) <= value
                    ? Promise.resolve()
                    : Promise.reject(new Error(M.floorAboveTotal)),
              }),
            ]}
          >
            <InputNumber
              aria-label="总层数"
              min={1}
              max={200}
              precision={0}
              prefix="共"
              suffix="层"
              style={{ width: 120 }}
            />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <Form.Item label="朝向" name="direction" rules={required(M.direction)}>
        <DictionarySelect type="house_direction" label="朝向" />
      </Form.Item>
      <Form.Item label="装修" name="decorates" rules={required(M.decorates)}>
        <DictionarySelect type="decorates" label="装修标准" />
      </Form.Item>
      <Form.Item label="电梯" name="elevator" rules={required(M.elevator)}>
        <DictionarySelect type="elevator_flag" label="有无电梯" />
      </Form.Item>
      <Form.Item
        label="建成年份"
        name="age"
        rules={isSale ? required(M.age) : []}
        extra={isSale ? undefined : '选填，填写后租客可按房龄找到房源'}
      >
        <InputNumber
          aria-label="建成年份"
          min={LISTING_LIMITS.buildYearMin}
          max={beijingYearOf()}
          precision={0}
          suffix="年"
          style={{ width: 160 }}
        />
      </Form.Item>
      {isSale ? (
        <>
          <Form.Item label="房屋类型" name="houseType" rules={required(M.houseType)}>
            <DictionarySelect type="properties" label="房屋类型" />
          </Form.Item>
          <Form.Item label="建筑类型" name="buildType" rules={required(M.buildType)}>
            <DictionarySelect type="struct_type" label="建筑类型" />
          </Form.Item>
          <Form.Item label="产权年限" name="rightLimit" rules={required(M.rightLimit)}>
            <DictionarySelect type="right_limit" label="产权年限" />
          </Form.Item>
        </>
      ) : (
        <>
          <Form.Item label="付款方式" name="rentPay" rules={required(M.rentPay)}>
            <DictionarySelect type="rent_pay_type" label="付款方式" />
          </Form.Item>
          <Form.Item label="出租方式" name="rentType" rules={required(M.rentType)}>
            <DictionarySelect type="rent_type" label="出租方式" />
          </Form.Item>
          <Form.Item label="入住时间" name="checkIn" extra="不填写表示随时入住">
            <DatePicker aria-label="入住时间" placeholder="随时入住" />
          </Form.Item>
        </>
      )}
      <Form.Item label="标签" name="checkList" rules={requiredList(M.tags)}>
        <Checkbox.Group
          options={(tags.data ?? []).map((tag) => ({ value: tag.id, label: tag.tagName }))}
        />
      </Form.Item>
      <Form.Item
        label={isSale ? '期望售价' : '期望租金'}
        name="price"
        rules={required(isSale ? M.price : M.rent)}
      >
        <InputNumber
          aria-label={isSale ? '期望售价' : '期望租金'}
          min={isSale ? 0.01 : 1}
          max={isSale ? 200000 : 1000000}
          precision={isSale ? 2 : 0}
          suffix={isSale ? '万' : '元/月'}
          style={{ width: 200 }}
        />
      </Form.Item>
      <Form.Item
        label="房源标题"
        name="title"
        rules={[
          ...requiredText(M.title),
          { min: LISTING_LIMITS.titleMin, max: LISTING_LIMITS.titleMax, message: M.titleLength },
        ]}
      >
        <Input
          aria-label="房源标题"
          placeholder={`请输入房源标题，${LISTING_LIMITS.titleMin}-${LISTING_LIMITS.titleMax}个字`}
          maxLength={LISTING_LIMITS.titleMax}
          showCount
        />
      </Form.Item>
      <Form.Item label="房源描述" name="description" rules={requiredText(M.description)}>
        <Input.TextArea
          aria-label="房源描述"
          placeholder="请输入房源描述（必填）"
          rows={4}
          maxLength={LISTING_LIMITS.descriptionMax}
          showCount
        />
      </Form.Item>
      <Form.Item
        label="联系电话"
        name="userPhone"
        rules={[{ pattern: PHONE_PATTERN, message: M.userPhone }]}
      >
        <Input aria-label="联系电话" maxLength={11} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item label="房屋照片" name="secondHouse" rules={requiredList(M.housePhotos)}>
        <PictureUpload kind="house" max={LISTING_LIMITS.housePhotos} label="房屋照片" />
      </Form.Item>
    </>
  );
}
