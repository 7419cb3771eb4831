import type { ListingEdit } from '@portal/shared/schemas/listings';

/**
 * A stored sale listing as the edit dialog reads it (GET /api/listings/mine/:id): a verified
 * 文化路小区 flat in 海港区, still 待发布. Tests change what they are about.
 */
export function listingEditFixture(
  changes: { id?: number; checkId?: number; title?: string; checkList?: number[] } = {},
): ListingEdit {
  const checkId = changes.checkId ?? 1;
  return {
    id: changes.id ?? 5,
    publishStatus: 1,
    form: {
      type: 1,
      checkId,
      areaCode: 'HGQ',
      communityName: '文化路小区',
      address: '海港区文化路88号',
      buildNum: '3',
      cellNum: '2',
      houseNum: '501',
      bedroom: 3,
      room: 2,
      toilet: 1,
      buildArea: 96.5,
      floorNum: 5,
      totalFloor: 18,
      direction: '9',
      decorates: '3',
      elevator: '1',
      buildType: '1',
      rightLimit: '1',
      houseType: '5',
      rentPay: null,
      rentType: null,
      checkIn: null,
      age: 2012,
      price: 1_280_000,
      title: changes.title ?? '文化路小区 三室两厅 南北通透',
      description: '采光好',
      userPhone: null,
      checkList: changes.checkList ?? [],
    },
    verification: {
      id: checkId,
      checkStatus: '2',
      checkResult: '核验通过',
      ownerName: '李思远',
      areaCode: 'HGQ',
      needsLicense: false,
    },
    secondHouse: [],
    secondCertificate: [],
    secondIdCard: [],
    secondLicense: [],
  };
}
