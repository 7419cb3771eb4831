import { beijingYearOf } from '@portal/shared/beijing-time';
import { LISTING_LIMITS, LISTING_TYPE } from '@portal/shared/constants/listings';
import type { DictionaryType, ListingTypeCode } from '@portal/shared/constants/listings';
import {
  listingFieldsSchema,
  LISTING_MESSAGES as M,
  priceMessage,
} from '@portal/shared/schemas/listings';
import { Checkbox, DatePicker, Form, Input, InputNumber, Radio, Select, Space } from 'antd';
import { zodFieldBounds, zodFieldRules } from '../../../lib/zod-rules';
import { useDictionary, useListingTags } from '../api/reference-data';
import { priceEntry, priceFieldRules } from '../lib/listing-price';
import { PictureUpload } from './picture-upload';
import styles from './publish.module.css';

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

/**
 * A short dictionary as a row of choices, one tap each (a drop-down takes two, and hides the
 * choices): the radio group named `label`. Value and onChange come from Form.Item.
 */
function DictionaryChoices({
  type,
  label,
  ...rest
}: {
  type: DictionaryType;
  label: string;
  value?: string;
  onChange?: (value: string) => void;
}) {
  const items = useDictionary(type);
  return (
    <Radio.Group
      value={rest.value}
      onChange={(event) => rest.onChange?.(event.target.value as string)}
      aria-label={label}
      optionType="button"
      className={styles.choices}
      options={(items.data ?? []).map((item) => ({ value: item.id, label: item.name }))}
    />
  );
}

const F = listingFieldsSchema.shape;
type Field = keyof typeof F;
/** The shared rules of a field (required, lengths, bounds) with their messages. */
const rules = (field: Field) => zodFieldRules(F[field]);
/** A field the schema asks for by listing type (in its refinement): required here by the page. */
const requiredFor = (field: Field, message: string) =>
  zodFieldRules(F[field], { required: true, requiredMessage: message });
const maxOf = (field: Field) => zodFieldBounds(F[field]).max;
/** An InputNumber's own bounds, from the shared field. */
const boundsOf = (field: Field) => {
  const { min, max } = zodFieldBounds(F[field]);
  return { min, max };
};

/** The door number's three parts: field, input label, unit. */
const DOOR_PARTS = [
  ['buildNum', '楼栋', '栋'],
  ['cellNum', '单元', '单元'],
  ['houseNum', '门牌', '号'],
] as const;
/** The layout's three counts and the unit each is labelled with. */
const LAYOUT_PARTS = ['bedroom', 'room', 'toilet'] as const;
const LAYOUT_UNIT = { bedroom: '室', room: '厅', toilet: '卫' } as const;

/**
 * The choices one listing type requires (the schema's refinement asks for them by type):
 * field, dictionary, label.
 */
const SALE_CHOICES = [
  ['houseType', 'properties', '房屋类型'],
  ['buildType', 'struct_type', '建筑类型'],
  ['rightLimit', 'right_limit', '产权年限'],
] as const;
const RENT_CHOICES = [
  ['rentPay', 'rent_pay_type', '付款方式'],
  ['rentType', 'rent_type', '出租方式'],
] as const;

interface ListingInfoFieldsProps {
  type: ListingTypeCode;
  /** Edit mode: the publish type cannot change (docs/product/listings.md). */
  isTypeLocked: boolean;
}

/**
 * Step 2 填写信息: every field with its rules by type (docs/product/listings.md). Tags of type 6 (sale) or
 * 7 (rent) follow the type. The district comes from the verification and stays fixed. The build
 * year is required for a sale and optional for a rental, where it feeds the 房龄 filter.
 */
export function ListingInfoFields({ type, isTypeLocked }: ListingInfoFieldsProps) {
  const isSale = type === LISTING_TYPE.SALE;
  const tags = useListingTags(isSale ? 6 : 7);
  const price = priceFieldRules(F.price, type, priceMessage(type));
  return (
    <>
      <Form.Item label="发布类型" name="type" rules={rules('type')}>
        <Select
          aria-label="发布类型"
          disabled={isTypeLocked}
          options={[
            { value: 1, label: '出售' },
            { value: 2, label: '出租' },
          ]}
        />
      </Form.Item>
      <Form.Item label="区域" name="areaCode" rules={rules('areaCode')}>
        <DictionarySelect type="area_code" label="区域" {...{ disabled: true }} />
      </Form.Item>
      <Form.Item label="小区名称" name="communityName" rules={rules('communityName')}>
        <Input aria-label="小区名称" maxLength={maxOf('communityName')} />
      </Form.Item>
      <Form.Item label="地址" name="address" rules={rules('address')}>
        <Input aria-label="地址" maxLength={maxOf('address')} />
      </Form.Item>
      <Form.Item label="门牌号" required>
        <Space.Compact>
          {DOOR_PARTS.map(([name, label, suffix]) => (
            <Form.Item key={name} name={name} noStyle rules={rules(name)}>
              <Input
                aria-label={label}
                suffix={suffix}
                maxLength={maxOf(name)}
                style={{ width: 110 }}
              />
            </Form.Item>
          ))}
        </Space.Compact>
      </Form.Item>
      <Form.Item label="户型" required>
        <Space.Compact>
          {LAYOUT_PARTS.map((name) => (
            <Form.Item key={name} name={name} noStyle rules={rules(name)}>
              <InputNumber
                aria-label={LAYOUT_UNIT[name]}
                inputMode="numeric"
                {...boundsOf(name)}
                precision={0}
                suffix={LAYOUT_UNIT[name]}
                style={{ width: 100 }}
              />
            </Form.Item>
          ))}
        </Space.Compact>
      </Form.Item>
      <Form.Item label="建筑面积" name="buildArea" rules={rules('buildArea')}>
        <InputNumber
          aria-label="建筑面积"
          inputMode="decimal"
          min={1}
          max={maxOf('buildArea')}
          precision={2}
          suffix="㎡"
          style={{ width: 160 }}
        />
      </Form.Item>
      <Form.Item label="楼层" required>
        <Space.Compact>
          <Form.Item name="floorNum" noStyle rules={rules('floorNum')}>
            <InputNumber
              aria-label="所在层"
              inputMode="numeric"
              {...boundsOf('floorNum')}
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
              ...rules('totalFloor'),
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
              inputMode="numeric"
              {...boundsOf('totalFloor')}
              precision={0}
              prefix="共"
              suffix="层"
              style={{ width: 120 }}
            />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <Form.Item label="朝向" name="direction" rules={rules('direction')}>
        <DictionaryChoices type="house_direction" label="朝向" />
      </Form.Item>
      <Form.Item label="装修" name="decorates" rules={rules('decorates')}>
        <DictionaryChoices type="decorates" label="装修标准" />
      </Form.Item>
      <Form.Item label="电梯" name="elevator" rules={rules('elevator')}>
        <DictionaryChoices type="elevator_flag" label="有无电梯" />
      </Form.Item>
      <Form.Item
        label="建成年份"
        name="age"
        rules={zodFieldRules(F.age, { required: isSale, requiredMessage: M.age })}
        extra={isSale ? undefined : '选填，填写后租客可按房龄找到房源'}
      >
        <InputNumber
          aria-label="建成年份"
          inputMode="numeric"
          min={boundsOf('age').min}
          max={beijingYearOf()}
          precision={0}
          suffix="年"
          style={{ width: 160 }}
        />
      </Form.Item>
      {(isSale ? SALE_CHOICES : RENT_CHOICES).map(([name, dictionary, label]) => (
        <Form.Item key={name} label={label} name={name} rules={requiredFor(name, M[name])}>
          <DictionaryChoices type={dictionary} label={label} />
        </Form.Item>
      ))}
      {!isSale && (
        <Form.Item label="入住时间" name="checkIn" extra="不填写表示随时入住">
          <DatePicker aria-label="入住时间" placeholder="随时入住" />
        </Form.Item>
      )}
      <Form.Item label="标签" name="checkList" rules={rules('checkList')}>
        <Checkbox.Group
          options={(tags.data ?? []).map((tag) => ({ value: tag.id, label: tag.tagName }))}
        />
      </Form.Item>
      <Form.Item label={isSale ? '期望售价' : '期望租金'} name="price" rules={price.rules}>
        <InputNumber
          aria-label={isSale ? '期望售价' : '期望租金'}
          inputMode="decimal"
          {...price.input}
          suffix={priceEntry(type).unit}
          style={{ width: 200 }}
        />
      </Form.Item>
      <Form.Item label="房源标题" name="title" rules={rules('title')}>
        <Input
          aria-label="房源标题"
          placeholder={`请输入房源标题，${LISTING_LIMITS.titleMin}-${LISTING_LIMITS.titleMax}个字`}
          maxLength={maxOf('title')}
          showCount
        />
      </Form.Item>
      <Form.Item label="房源描述" name="description" rules={rules('description')}>
        <Input.TextArea
          aria-label="房源描述"
          placeholder="请输入房源描述（必填）"
          rows={4}
          maxLength={maxOf('description')}
          showCount
        />
      </Form.Item>
      <Form.Item label="联系电话" name="userPhone" rules={rules('userPhone')}>
        <Input
          aria-label="联系电话"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={11}
          style={{ width: 200 }}
        />
      </Form.Item>
      <Form.Item label="房屋照片" name="secondHouse" rules={rules('secondHouse')}>
        <PictureUpload kind="house" max={LISTING_LIMITS.housePhotos} label="房屋照片" />
      </Form.Item>
    </>
  );
}
