import QRCode from 'qrcode';
import { useMemo } from 'react';

/**
 * An authenticator enrolment as an operator's phone reads it: the otpauth:// URI as a QR code (drawn as one
 * SVG path from the `qrcode` package's module matrix, no canvas, no HTML injected), beside the secret to
 * type by hand when the camera cannot be used.
 */
export function TotpEnrolment(props: { secret: string; uri: string }) {
  const qr = useMemo(() => {
    const { modules } = QRCode.create(props.uri, { errorCorrectionLevel: 'M' });
    let path = '';
    for (let row = 0; row < modules.size; row++)
      for (let col = 0; col < modules.size; col++) if (modules.get(row, col)) path += `M${col + 4} ${row + 4}h1v1h-1z`;
    return { size: modules.size + 8, path };
  }, [props.uri]);
  return (
    <div className="totp-enrol">
      <svg
        className="qr"
        role="img"
        aria-label="QR code of the authenticator secret: scan it with the authenticator app"
        viewBox={`0 0 ${qr.size} ${qr.size}`}
        shapeRendering="crispEdges"
      >
        <rect width={qr.size} height={qr.size} fill="#fff" />
        <path d={qr.path} fill="#000" />
      </svg>
      <div>
        <p>Scan the code with the authenticator app, or type the secret:</p>
        <p>
          <code className="mono">{props.secret}</code>
        </p>
        <p className="muted mono small">{props.uri}</p>
      </div>
    </div>
  );
}
