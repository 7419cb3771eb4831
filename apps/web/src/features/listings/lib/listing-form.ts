import { LISTING_TYPE, type ListingTypeCode } from '@portal/shared/constants/listings';
import type { ListingEdit, ListingForm, StoredPicture } from '@portal/shared/schemas/listings';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { priceEntry } from './listing-price';

/** A picture held by the form: stored path, shown url, name and cover flag. */
export type FormPicture = StoredPicture;

/** Values of the antd form of steps 2 and 3 (price in 万 for sale, 元/月 for rent). */
export interface ListingFormValues {
  type: ListingTypeCode;
  areaCode: string;
  communityName: string;
  address: string;
  buildNum: string;
  cellNum: string;
  houseNum: string;
  bedroom: number;
  room: number;
  toilet: number;
  buildArea: number;
  floorNum: number;
  totalFloor: number;
  direction: string;
  decorates: string;
  elevator: string;
  buildType?: string;
  rightLimit?: string;
  houseType?: string;
  rentPay?: string;
  rentType?: string;
  checkIn?: Dayjs | null;
  age?: number;
  price: number;
  title: string;
  description: string;
  userPhone?: string;
  checkList: number[];
  secondHouse: FormPicture[];
  secondCertificate: FormPicture[];
  secondIdCard: FormPicture[];
  secondLicense?: FormPicture[];
}

const refs = (pictures: FormPicture[] | undefined) =>
  (pictures ?? []).map((p) => ({ path: p.path, name: p.name, cover: p.cover }));

/**
 * The request body of save/update (docs/product/listings.md): the sale price entered in 万 is sent in yuan
 * (×10000), an empty check-in is null (随时入住), an empty build year (optional for a rental) is
 * null, pictures as path/name/cover.
 */
export function toListingPayload(values: ListingFormValues, checkId: number): ListingForm {
  const isSale = values.type === LISTING_TYPE.SALE;
  return {
    ...values,
    checkId,
    price: priceEntry(values.type).toYuan(values.price),
    checkIn: values.checkIn ? values.checkIn.format('YYYY-MM-DD') : null,
    userPhone: values.userPhone?.trim() || null,
    buildType: isSale ? values.buildType : null,
    rightLimit: isSale ? values.rightLimit : null,
    houseType: isSale ? values.houseType : null,
    age: values.age ?? null,
    rentPay: isSale ? null : values.rentPay,
    rentType: isSale ? null : values.rentType,
    secondHouse: refs(values.secondHouse),
    secondCertificate: refs(values.secondCertificate),
    secondIdCard: refs(values.secondIdCard),
    secondLicense: refs(values.secondLicense),
  };
}

/** The edit dialog's starting values from a stored listing (yuan → 万 for sale). */
export function fromListingEdit(edit: ListingEdit): ListingFormValues {
  const f = edit.form;
  const isSale = f.type === LISTING_TYPE.SALE;
  return {
    type: isSale ? LISTING_TYPE.SALE : LISTING_TYPE.RENT,
    areaCode: f.areaCode,
    communityName: f.communityName,
    address: f.address,
    buildNum: f.buildNum,
    cellNum: f.cellNum,
    houseNum: f.houseNum,
    bedroom: f.bedroom,
    room: f.room,
    toilet: f.toilet,
    buildArea: f.buildArea,
    floorNum: f.floorNum,
    totalFloor: f.totalFloor,
    direction: f.direction,
    decorates: f.decorates,
    elevator: f.elevator,
    buildType: f.buildType ?? undefined,
    rightLimit: f.rightLimit ?? undefined,
    houseType: f.houseType ?? undefined,
    rentPay: f.rentPay ?? undefined,
    rentType: f.rentType ?? undefined,
    checkIn: f.checkIn ? dayjs(f.checkIn) : null,
    age: f.age ?? undefined,
    price: priceEntry(f.type).fromYuan(f.price),
    title: f.title,
    description: f.description,
    userPhone: f.userPhone ?? undefined,
    checkList: f.checkList,
    secondHouse: edit.secondHouse,
    secondCertificate: edit.secondCertificate,
    secondIdCard: edit.secondIdCard,
    secondLicense: edit.secondLicense,
  };
}

/** Marks one picture as the cover (only one). */
export function withCover(pictures: FormPicture[], path: string): FormPicture[] {
  return pictures.map((p) => ({ ...p, cover: p.path === path }));
}
