import {
  LISTING_DICTIONARY_FIELDS,
  LISTING_TAG_TYPE,
  notInChoicesMessage,
} from '@portal/shared/constants/listings';
import type { ListingFormParsed } from '@portal/shared/schemas/listings';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { districtExists, tagTypesOf } from './listing-codes.queries';
import { loadDictionaryNames } from './listings.queries';

type FieldProblem = { field: string; message: string };

/** The message of tag ids that exist but belong to the other listing type. */
export const WRONG_TAG_TYPE_MESSAGE = '所选标签不属于该发布类型，请重新选择';

/**
 * Checks every coded value of a listing form against the tables the pages offer them from
 * (docs/product/listings.md): the district, the dictionary fields of the listing's type (a sale's 房屋类型,
 * 建筑类型, 产权年限; a rental's 付款方式, 出租方式; both types' 朝向, 装修, 电梯) and the tags of
 * its tag type (6 sale, 7 rent). A code outside them would save with an empty label and never
 * match a filter, so it is refused with 10001 (400) naming the field, e.g. 朝向不在可选范围内;
 * `data` lists every refused field.
 */
export async function checkListingCodes(db: Db, form: ListingFormParsed): Promise<void> {
  const problems: FieldProblem[] = [];
  if (!(await districtExists(db, form.areaCode)))
    problems.push({ field: 'areaCode', message: notInChoicesMessage('区域') });

  const names = await loadDictionaryNames(db);
  for (const item of LISTING_DICTIONARY_FIELDS) {
    if ('type' in item && item.type !== form.type) continue;
    const code = form[item.field];
    // A missing value of the type's required fields has been refused by the form schema.
    if (code === null || code === undefined) continue;
    if (!names.get(item.dictionary)?.has(code))
      problems.push({ field: item.field, message: notInChoicesMessage(item.label) });
  }

  const tagIds = [...new Set(form.checkList)];
  const found = await tagTypesOf(db, tagIds);
  if (found.length !== tagIds.length) {
    problems.push({ field: 'checkList', message: notInChoicesMessage('标签') });
  } else if (found.some((tag) => tag.tagType !== LISTING_TAG_TYPE[form.type])) {
    problems.push({ field: 'checkList', message: WRONG_TAG_TYPE_MESSAGE });
  }

  const first = problems[0];
  if (first) throw new AppError('VALIDATION_FAILED', first.message, problems);
}
