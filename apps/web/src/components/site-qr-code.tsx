import { siteUrl, usePublicServices } from '../lib/public-services';
import { QrCode } from './qr-code';

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

/**
 * The 掌上服务 QR: the WeChat mini-program's link when one is configured (MINI_PROGRAM_URL),
 * otherwise the page itself on the site's public address, so scanning always opens something
 * real. Its caption says which.
 */
export function SiteQrCode({ path, size = 132, purpose, caption, className }: SiteQrCodeProps) {
  const { data } = usePublicServices();
  if (!data) return <div className={className} style={{ width: size, height: size }} aria-hidden />;
  const isMiniProgram = data.miniProgramUrl !== null;
  const value = data.miniProgramUrl ?? siteUrl(data, path);
  const text = caption ?? (isMiniProgram ? '微信扫一扫，打开小程序' : '微信扫一扫，在手机上打开');
  return (
    <figure className={className} style={{ margin: 0, textAlign: 'center' }}>
      <QrCode value={value} size={size} label={isMiniProgram ? '小程序二维码' : '手机访问二维码'} />
      <figcaption>{purpose ? `${text}${purpose}` : text}</figcaption>
    </figure>
  );
}
