import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/** RFC 6238 as every authenticator app reads it by default: SHA-1, 6 digits, 30-second steps. */
const PERIOD_S = 30;
/** Steps either side of now that still count, for a phone's clock a little off (RFC 6238 §5.2). */
const DRIFT_STEPS = 1;
const ISSUER = 'Pixelhall';

/** A new secret: 160 bits, the size RFC 4226 recommends, in base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The time step a moment falls in. */
export function stepAt(now: number): number {
  return Math.floor(now / 1000 / PERIOD_S);
}

/** The time step the code belongs to (now, or one step either side), or null for a wrong code. */
export function matchingStep(secretBase32: string, code: string, now: number): number | null {
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(secretBase32),
    period: PERIOD_S,
    timestamp: now,
    window: DRIFT_STEPS,
  });
  return delta === null ? null : stepAt(now) + delta;
}

/** What the set-up shows: the otpauth:// URI and its QR code as an SVG data URL for an <img>. */
export async function enrolment(secretBase32: string, username: string) {
  const uri = new TOTP({
    issuer: ISSUER,
    label: username,
    secret: Secret.fromBase32(secretBase32),
    period: PERIOD_S,
  }).toString();
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}
