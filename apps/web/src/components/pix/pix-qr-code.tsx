import { toDataURL } from 'qrcode';
import { useEffect, useState } from 'react';
import { PixQrPlaceholder } from './pix-qr-placeholder';
import { pixTexts as t } from './texts';

/** 13rem, as the placeholder (size-52). */
const SIZE = 208;

/**
 * The BR Code as a QR image. Loaded lazily (the `qrcode` encoder stays out of the first
 * bundle); dark modules on white whatever the theme, so every bank app reads it.
 */
export default function PixQrCode({ code }: { code: string }) {
  const [image, setImage] = useState<{ code: string; url: string } | null>(null);
  useEffect(() => {
    let live = true;
    toDataURL(code, { errorCorrectionLevel: 'M', margin: 2, width: SIZE * 2 })
      .then((url) => {
        if (live) setImage({ code, url });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [code]);

  if (image?.code !== code) return <PixQrPlaceholder />;
  return (
    <img
      src={image.url}
      alt={t.qrAlt}
      width={SIZE}
      height={SIZE}
      className="rounded-lg border bg-white p-1"
    />
  );
}
