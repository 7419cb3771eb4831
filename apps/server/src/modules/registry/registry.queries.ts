import type {
  LicenceQuery,
  LicenceRow,
  SupervisionQuery,
  SupervisionRow,
} from '@portal/shared/schemas/registry';
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { identityHashOf } from '../../db/identity-cipher';
import { buyerRecords } from '../../db/schema/index';
import { companies, licences, projects, supervisionAccounts } from '../projects/tables';

interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

/** `%keyword%` with the LIKE wildcards of the keyword escaped, so 100% matches literally. */
function containing(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * 预售许可证查询: licences of a district (all when areaCode is ''), newest 录入日期 first,
 * filtered by project-name and developer keywords (already trimmed). The district filter uses
 * `licences_district_date_idx`; the keywords re-check the few rows of one district.
 */
export async function listLicences(db: Db, query: LicenceQuery): Promise<Page<LicenceRow>> {
  const conditions: SQL[] = [];
  if (query.areaCode) conditions.push(eq(licences.districtCode, query.areaCode));
  if (query.projectName) {
    const pattern = containing(query.projectName);
    const match = or(ilike(projects.projectName, pattern), ilike(projects.publishName, pattern));
    if (match) conditions.push(match);
  }
  if (query.company) conditions.push(ilike(companies.name, containing(query.company)));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const base = () =>
    db
      .select({
        id: licences.id,
        projectName: projects.projectName,
        buildNum: licences.buildingNames,
        address: licences.address,
        projectAddress: projects.projectAddress,
        company: companies.name,
        presellLicence: licences.licenceNo,
        statusDate: licences.statusDate,
      })
      .from(licences)
      .innerJoin(projects, eq(projects.id, licences.projectId))
      .leftJoin(companies, eq(companies.id, projects.companyId));
  const [rows, totals] = await Promise.all([
    base()
      .where(where)
      .orderBy(desc(licences.statusDate), desc(licences.id))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db
      .select({ total: count() })
      .from(licences)
      .innerJoin(projects, eq(projects.id, licences.projectId))
      .leftJoin(companies, eq(companies.id, projects.companyId))
      .where(where),
  ]);
  return {
    list: rows.map(({ projectAddress, address, company, ...row }) => ({
      ...row,
      address: address ?? projectAddress ?? '',
      company: company ?? '',
    })),
    total: totals[0]?.total ?? 0,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  };
}

/**
 * 预售资金监管账户公示: accounts of a district (all when areaCode is ''), newest agreement first,
 * where the project name or the developer contains the trimmed keyword.
 */
export async function listSupervisionAccounts(
  db: Db,
  query: SupervisionQuery,
): Promise<Page<SupervisionRow>> {
  const conditions: SQL[] = [];
  if (query.areaCode) conditions.push(eq(supervisionAccounts.districtCode, query.areaCode));
  if (query.keyword) {
    const pattern = containing(query.keyword);
    const match = or(
      ilike(projects.projectName, pattern),
      ilike(projects.publishName, pattern),
      ilike(supervisionAccounts.company, pattern),
    );
    if (match) conditions.push(match);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: supervisionAccounts.id,
        projectName: projects.projectName,
        scope: supervisionAccounts.scope,
        bank: supervisionAccounts.bank,
        account: supervisionAccounts.account,
        company: supervisionAccounts.company,
        statusDate: supervisionAccounts.statusDate,
      })
      .from(supervisionAccounts)
      .innerJoin(projects, eq(projects.id, supervisionAccounts.projectId))
      .where(where)
      .orderBy(desc(supervisionAccounts.statusDate), desc(supervisionAccounts.id))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db
      .select({ total: count() })
      .from(supervisionAccounts)
      .innerJoin(projects, eq(projects.id, supervisionAccounts.projectId))
      .where(where),
  ]);
  return {
    list: rows,
    total: totals[0]?.total ?? 0,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  };
}

export type BuyerRecord = typeof buyerRecords.$inferSelect;

/**
 * The buyer record of a district, ID number and contract number, or undefined; the purchase
 * password is checked by the caller.
 */
export async function findBuyerRecordByContract(
  db: Db,
  q: { areaCode: string; idcard: string; netsignnum: string },
): Promise<BuyerRecord | undefined> {
  const [record] = await db
    .select()
    .from(buyerRecords)
    .where(
      and(
        eq(buyerRecords.districtCode, q.areaCode),
        eq(buyerRecords.idCardHash, identityHashOf(q.idcard)),
        eq(buyerRecords.netSignNumber, q.netsignnum),
      ),
    )
    .limit(1);
  return record;
}
