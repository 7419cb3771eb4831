import { LISTING_TYPE, type ListingTypeCode } from '@portal/shared/constants/listings';
import type {
  ListingDraft,
  ListingDraftBody,
  VerificationResult,
} from '@portal/shared/schemas/listings';
import dayjs from 'dayjs';
import type { ListingFormValues } from './listing-form';

/** Fields the draft keeps as typed (the type is the draft's key, the district the check's). */
const DRAFT_FIELDS = [
  'communityName',
  'address',
  'buildNum',
  'cellNum',
  'houseNum',
  'bedroom',
  'room',
  'toilet',
  'buildArea',
  'floorNum',
  'totalFloor',
  'direction',
  'decorates',
  'elevator',
  'buildType',
  'rightLimit',
  'houseType',
  'rentPay',
  'rentType',
  'age',
  'price',
  'title',
  'description',
  'userPhone',
  'checkList',
] as const;

type DraftValues = NonNullable<ListingDraftBody['values']>;

const refs = (pictures: ListingFormValues['secondHouse'] | undefined) =>
  (pictures ?? []).map((p) => ({ path: p.path, name: p.name, cover: p.cover }));

/**
 * The draft body of the form as it stands: only what has been entered (an empty field is left
 * out), the price in the unit typed (万 for a sale), the move-in day as yyyy-MM-dd, photos as
 * references.
 */
export function toDraftBody(
  values: Partial<ListingFormValues>,
  checkId: number | null,
): ListingDraftBody {
  const kept: Record<string, unknown> = {};
  for (const field of DRAFT_FIELDS) {
    const value = values[field];
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value) && field !== 'checkList') continue;
    kept[field] = value;
  }
  if (values.checkIn) kept.checkIn = values.checkIn.format('YYYY-MM-DD');
  return {
    checkId,
    values: kept as DraftValues,
    secondHouse: refs(values.secondHouse),
    secondCertificate: refs(values.secondCertificate),
    secondIdCard: refs(values.secondIdCard),
    secondLicense: refs(values.secondLicense),
  };
}

/** The form's values from a stored draft (the district from its verification). */
export function fromDraft(draft: ListingDraft): Partial<ListingFormValues> {
  const { checkIn, ...values } = draft.values;
  return {
    ...(values as Partial<ListingFormValues>),
    type: draft.type === LISTING_TYPE.RENT ? LISTING_TYPE.RENT : LISTING_TYPE.SALE,
    ...(draft.verification ? { areaCode: draft.verification.areaCode } : {}),
    checkIn: checkIn ? dayjs(checkIn) : null,
    secondHouse: draft.secondHouse,
    secondCertificate: draft.secondCertificate,
    secondIdCard: draft.secondIdCard,
    secondLicense: draft.secondLicense,
  };
}

/** What a new form of a type starts with: the most common choices, each easily changed. */
export function startingValues(type: ListingTypeCode): Partial<ListingFormValues> {
  return {
    type,
    bedroom: 2,
    room: 1,
    toilet: 1,
    ...(type === LISTING_TYPE.SALE
      ? { rightLimit: RIGHT_LIMIT_70_YEARS }
      : { rentType: RENT_WHOLE }),
  };
}

/** 产权年限 70年 and 出租方式 整租: the usual answers (codes of their dictionaries). */
const RIGHT_LIMIT_70_YEARS = '1';
const RENT_WHOLE = '1';

/**
 * 有电梯 ('1') or 无电梯 ('0') as the building's height suggests: residential buildings of seven
 * floors and more must have a lift (GB 50096), lower ones rarely do.
 */
export function elevatorFor(totalFloor: number | null | undefined): '1' | '0' | undefined {
  if (typeof totalFloor !== 'number' || totalFloor < 1) return undefined;
  return totalFloor >= 7 ? '1' : '0';
}

/**
 * A title from what is entered (小区 户型 面积), e.g. 海港花园 2室1厅1卫 78.6㎡, when it is a valid
 * title (9–40 characters); otherwise undefined.
 */
export function suggestedTitle(values: Partial<ListingFormValues>): string | undefined {
  const { communityName, bedroom, room, toilet, buildArea } = values;
  if (!communityName?.trim() || typeof bedroom !== 'number' || typeof buildArea !== 'number')
    return undefined;
  const layout = `${bedroom}室${room ?? 0}厅${toilet ?? 0}卫`;
  const title = `${communityName.trim()} ${layout} ${buildArea}㎡`;
  return title.length >= 9 && title.length <= 40 ? title : undefined;
}

/**
 * The values the register gives for a verified home (community, address, area, 房屋类型 by the
 * register's purpose), for fields still empty.
 */
export function fromRegister(
  verification: VerificationResult,
  houseTypes: ReadonlyArray<{ id: string; name: string }>,
): Partial<ListingFormValues> {
  const property = verification.property;
  if (!property) return {};
  const houseType = houseTypes.find((item) => item.name === property.housePurpose)?.id;
  return {
    ...(property.communityName ? { communityName: property.communityName } : {}),
    address: property.address,
    buildArea: property.buildArea,
    ...(houseType ? { houseType } : {}),
  };
}
