import type { VerificationResult } from '@portal/shared/schemas/listings';
import type { FormInstance } from 'antd';
import { useEffect } from 'react';
import type { ListingFormValues } from '../lib/listing-form';

/**
 * Keeps the form's (disabled) 区域 on the district of the verification in use. The form keeps its
 * values while 房源核验 is shown again, so after 上一步 and a certificate of another district the
 * field would otherwise keep the old district and the server would refuse the save.
 */
export function useVerifiedArea(
  form: FormInstance<ListingFormValues>,
  verification: VerificationResult | null,
  isFormShown: boolean,
): void {
  const areaCode = verification?.areaCode;
  useEffect(() => {
    if (isFormShown && areaCode) form.setFieldsValue({ areaCode });
  }, [form, areaCode, isFormShown]);
}
