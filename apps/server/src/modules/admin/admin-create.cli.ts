import path from 'node:path';
import { ConfigError, loadConfig } from '../../config/index';
import { migrateDatabase, openDatabase } from '../../db/client';
import { useIdentityKey } from '../../db/identity-cipher';
import { createOrPromoteOperator } from './operator-account';

const USAGE = `用法: npm run admin:create -- <手机号>
  创建运营人员账号；该手机号已注册时将其提升为运营人员（保留原密码；已停用的账号将重新启用）。
  环境变量 ADMIN_PASSWORD 指定密码（8-20位，含大写字母、小写字母和数字）；未指定时新账号生成随机密码并打印一次。
  DATA_DIR / DATABASE_URL 与 npm start 相同；使用内置 PGlite 时请先停止网站进程（同一数据目录只能由一个进程打开）。`;

/** `npm run admin:create -- <phone>`: create or promote an operator account. */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return;
  }
  const phone = args.find((arg) => !arg.startsWith('-'));
  if (!phone) {
    console.error(USAGE);
    process.exitCode = 1;
    return;
  }
  const config = loadConfig();
  useIdentityKey(config.identityKey);
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'db'),
  });
  try {
    await migrateDatabase(database);
    const password = process.env.ADMIN_PASSWORD || undefined;
    const result = await createOrPromoteOperator(database.db, phone, password);
    console.log(
      result.created ? `已创建运营人员账号 ${phone}。` : `已将账号 ${phone} 设为运营人员。`,
    );
    if (result.reenabled) console.log('注意：该账号此前已被停用，现已重新启用。');
    if (result.password && !password) console.log(`初始密码（仅显示一次）：${result.password}`);
    else if (result.password) console.log('密码已设为 ADMIN_PASSWORD 的值。');
    else console.log('保留原密码。');
    console.log('登录后访问 /admin 进入运营后台。');
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error('创建运营人员失败：', error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
