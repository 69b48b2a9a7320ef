import QRCode from 'qrcode';
import { useMemo } from 'react';

/**
 * A QR code of an address (a display's link, an authenticator app's otpauth:// address), drawn as
 * an SVG of its dark modules (the `qrcode` library makes the code; nothing is drawn from an HTML
 * string). A TV's browser or a phone's camera opens it without anyone typing its characters. Error
 * correction M: it survives a glare on the screen.
 */
export function QrCode({ value, label, className }: { value: string; label: string; className?: string }) {
  const { size, path } = useMemo(() => {
    const { modules } = QRCode.create(value, { errorCorrectionLevel: 'M' });
    const parts: string[] = [];
    for (let row = 0; row < modules.size; row += 1)
      for (let col = 0; col < modules.size; col += 1)
        if (modules.get(row, col)) parts.push(`M${col + 4} ${row + 4}h1v1h-1z`);
    // Four modules of light border on every side, as the standard asks for a reader to find it.
    return { size: modules.size + 8, path: parts.join('') };
  }, [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className={className}
      data-testid="qr-code"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
