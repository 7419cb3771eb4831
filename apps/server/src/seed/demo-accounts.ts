/** A demo account created by the seed (docs/architecture.md); printed at start-up and in the README. */
export interface DemoAccount {
  phone: string;
  password: string;
  role: 'user' | 'admin';
  realNameAuth: boolean;
  /** What the account is for, in Chinese. */
  description: string;
}

/** The three fixed demo accounts. Passwords are stored hashed like any other. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    phone: '13800000001',
    password: 'Demo@2026',
    role: 'user',
    realNameAuth: true,
    description: '已实名认证的购房人：可缴纳订约金、发布二手房源，已有各状态订单',
  },
  {
    phone: '13800000002',
    password: 'Demo@2026',
    role: 'user',
    realNameAuth: false,
    description: '未实名认证的购房人：缴纳订约金和发布房源时会提示实名认证',
  },
  {
    phone: '13900000000',
    password: 'Admin@2026',
    role: 'admin',
    realNameAuth: false,
    description: '运营管理员：可进入 /admin 运营后台',
  },
];

/** Identity of the verified demo buyer 13800000001 (valid GB 11643 check digit). */
export const DEMO_BUYER_IDENTITY = {
  realName: '李思远',
  idCard: '130302199003151234',
  nickname: '思远看海',
} as const;

/**
 * Credentials for the public buyer queries (/yszjpage 预售资金监管进帐查询 and /spfqypage
 * 商品房签约查询): they match the demo buyer's net-signed contract.
 */
export const DEMO_BUYER_QUERY = {
  areaCode: 'HGQ',
  idCard: DEMO_BUYER_IDENTITY.idCard,
  netsignnum: 'WQ2026HGQ000001',
  password: '246810',
} as const;

/**
 * Formats a 不动产权证书 number from its year and serial (the provincial pattern used by the
 * seed's ownership registry), e.g. (2021, '0012345') → 冀(2021)不动产权第0012345号.
 */
export function formatRealEstateCertificateNum(syear: string | number, serial: string): string {
  return `冀(${syear})不动产权第${serial}号`;
}

/**
 * Ownership records of the verified demo buyer that no listing uses yet, for the publish flow
 * (/addhouse step 1 房源核验 passes with these values).
 */
export const DEMO_OWNERSHIP = [
  {
    certificateType: 2,
    syear: '2021',
    serial: '0012345',
    certificateNum: formatRealEstateCertificateNum('2021', '0012345'),
    areaCode: 'HGQ',
    ownerName: DEMO_BUYER_IDENTITY.realName,
    ownerIdCard: DEMO_BUYER_IDENTITY.idCard,
  },
  {
    certificateType: 1,
    syear: null,
    serial: null,
    certificateNum: '房权证海港字第20150088号',
    areaCode: 'HGQ',
    ownerName: DEMO_BUYER_IDENTITY.realName,
    ownerIdCard: DEMO_BUYER_IDENTITY.idCard,
  },
] as const;
