import { siteUrl, usePublicServices } from '../lib/public-services';

interface SiteQrCodeProps {
  /** The site page a phone opens when there is no mini-program (e.g. `/newHouse`). */
  path: string;
  size?: number;
  /** Words after the caption (e.g. `，随时查看房源审核进度`). */
  purpose?: string;
  /** A caption true of both the mini-program and the site (e.g. 微信扫码看房). */
  caption?: string;
  className?: string;
}

/** The server's drawing of the 掌上服务 QR of a site page (`GET /api/site/qr.svg`). */
export const siteQrSrc = (path: string) => `/api/site/qr.svg?path=${encodeURIComponent(path)}`;

/**
 * The 掌上服务 QR: the WeChat mini-program's link when one is configured (MINI_PROGRAM_URL),
 * otherwise the page itself on the site's public address, so scanning always opens something
 * real. Its caption says which. The server draws the code as a picture, so no QR code runs in
 * the page; a picture hidden by the stylesheet (a phone cannot scan itself) is not fetched.
 */
export function SiteQrCode({ path, size = 132, purpose, caption, className }: SiteQrCodeProps) {
  const { data } = usePublicServices();
  if (!data) return <div className={className} style={{ width: size, height: size }} aria-hidden />;
  const isMiniProgram = data.miniProgramUrl !== null;
  const text = caption ?? (isMiniProgram ? '微信扫一扫，打开小程序' : '微信扫一扫，在手机上打开');
  return (
    <figure className={className} style={{ margin: 0, textAlign: 'center' }}>
      <img
        src={siteQrSrc(path)}
        width={size}
        height={size}
        alt={isMiniProgram ? '小程序二维码' : '手机访问二维码'}
        data-qr-value={data.miniProgramUrl ?? siteUrl(data, path)}
        loading="lazy"
        decoding="async"
        style={{ display: 'block', margin: '0 auto' }}
      />
      <figcaption>{purpose ? `${text}${purpose}` : text}</figcaption>
    </figure>
  );
}
