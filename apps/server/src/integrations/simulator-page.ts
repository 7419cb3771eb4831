/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** A plain server-rendered page for the simulators, always labelled 模拟 so nobody mistakes it. */
export function renderSimulatorPage(title: string, bodyHtml: string): string {
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}（模拟）</title>
<style>
body{font-family:system-ui,"Noto Sans CJK SC",sans-serif;margin:0;background:#f5f7fa;color:#1f2329}
header{background:#8c2a1c;color:#fff;padding:12px 24px;font-size:18px}
.badge{background:#fff;color:#8c2a1c;border-radius:4px;padding:2px 8px;margin-right:8px;font-size:14px}
main{max-width:960px;margin:24px auto;background:#fff;padding:24px;border-radius:6px}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #e5e6eb;padding:8px;text-align:left}
.code{font-family:monospace;font-size:18px;letter-spacing:2px}.empty{color:#86909c}
</style></head>
<body><header><span class="badge">模拟</span>${escapeHtml(title)}</header><main>${bodyHtml}</main></body></html>`;
}
