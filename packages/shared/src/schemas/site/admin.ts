import { z } from 'zod';

// The operator console's site settings (`/api/admin/site-settings`).

/** Site settings as operators save them (docs/product/content.md); empty strings clear optional fields. */
export const adminSiteSettingsSchema = z.object({
  title: z.string().trim().min(1, '请输入网站名称').max(50, '网站名称不能超过50个字'),
  logo: z.string().trim().max(300),
  keywords: z.string().trim().max(200, '关键词不能超过200个字'),
  description: z.string().trim().max(300, '网站描述不能超过300个字'),
  icp: z.string().trim().max(50, '备案号不能超过50个字'),
  copyright: z.string().trim().max(100, '版权信息不能超过100个字'),
  website: z
    .string()
    .trim()
    .max(200)
    .refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v), '网址应以 http:// 或 https:// 开头'),
  cityName: z.string().trim().max(20, '城市名称不能超过20个字'),
  authority: z.string().trim().max(60, '主办单位名称不能超过60个字'),
  icpLink: z
    .string()
    .trim()
    .max(200)
    .refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v), '网址应以 http:// 或 https:// 开头'),
  psbNumber: z.string().trim().max(50, '公安备案号不能超过50个字'),
  psbLink: z
    .string()
    .trim()
    .max(200)
    .refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v), '网址应以 http:// 或 https:// 开头'),
  hotline: z
    .string()
    .trim()
    .max(30, '服务热线不能超过30个字')
    .refine((v) => v === '' || /^[0-9+\-() ]+$/.test(v), '服务热线只能包含数字、空格和 + - ( )'),
});
export type AdminSiteSettings = z.infer<typeof adminSiteSettingsSchema>;
