import { LISTING_LIMITS } from '@portal/shared/constants/listings';
import { listingFieldsSchema, LISTING_MESSAGES as M } from '@portal/shared/schemas/listings';
import { Form } from 'antd';
import { zodFieldRules } from '../../../lib/zod-rules';
import { PictureUpload } from './picture-upload';
import styles from './publish.module.css';

const F = listingFieldsSchema.shape;
/** The photo lists' rules (at least one, at most two) from the shared fields. */
const CERTIFICATE_RULES = zodFieldRules(F.secondCertificate);
const ID_CARD_RULES = zodFieldRules(F.secondIdCard);
/** The letter is required when the owner is someone else (the verification says so). */
const LICENSE_RULES = zodFieldRules(F.secondLicense, {
  required: true,
  requiredMessage: M.licensePhotos,
});
const OPTIONAL_LICENSE_RULES = zodFieldRules(F.secondLicense);

interface MaterialsFieldsProps {
  needsLicense: boolean;
  /** The listing being edited (its stored photos may need fresh signed links). */
  listingId?: number;
}

/** Step 3 认证材料: 房本, 身份证 and (when the owner is someone else) 授权书, ≤2 each. */
export function MaterialsFields({ needsLicense, listingId }: MaterialsFieldsProps) {
  const max = LISTING_LIMITS.certificatePhotos;
  return (
    <>
      <Form.Item label="房本照片" name="secondCertificate" rules={CERTIFICATE_RULES}>
        <PictureUpload kind="certificate" listingId={listingId} max={max} label="房本照片" />
      </Form.Item>
      <Form.Item label="身份证照片" name="secondIdCard" rules={ID_CARD_RULES}>
        <PictureUpload kind="idcard" listingId={listingId} max={max} label="身份证照片" />
      </Form.Item>
      <Form.Item
        label="授权书照片"
        name="secondLicense"
        rules={needsLicense ? LICENSE_RULES : OPTIONAL_LICENSE_RULES}
        extra={
          needsLicense ? '产权人不是您本人，请上传产权人签字的授权书' : '产权人为本人时无需上传'
        }
      >
        <PictureUpload kind="license" listingId={listingId} max={max} label="授权书照片" />
      </Form.Item>
      <p className={styles.note}>认证材料仅用于审核，不会公开展示</p>
    </>
  );
}
