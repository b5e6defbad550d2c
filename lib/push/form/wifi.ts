/**
 * Wi-Fi network QR payloads in the MECARD-like format that phone cameras and ZXing read:
 * `WIFI:T:WPA;S:<ssid>;P:<password>;H:true;;`
 * (https://github.com/zxing/zxing/wiki/Barcode-Contents#wi-fi-network-config-android-ios-11).
 */
import { t } from '@/lib/i18n';

export type WifiSecurity = 'WPA' | 'WEP' | 'nopass';

export interface WifiConfig {
  ssid: string;
  security: WifiSecurity;
  /** Ignored for `nopass`. */
  password: string;
  hidden: boolean;
}

export const EMPTY_WIFI: WifiConfig = { ssid: '', security: 'WPA', password: '', hidden: false };

/** Backslash-escapes the characters the format reserves: `\ ; , : "`. */
export function escapeWifiValue(value: string): string {
  return value.replace(/[\\;,:"]/g, (c) => `\\${c}`);
}

/** The QR text for a network. The password is left out of open networks, and `H:` appears only when hidden. */
export function wifiPayload(config: WifiConfig): string {
  let text = `WIFI:T:${config.security};S:${escapeWifiValue(config.ssid)};`;
  if (config.security !== 'nopass') text += `P:${escapeWifiValue(config.password)};`;
  if (config.hidden) text += 'H:true;';
  return `${text};`;
}

/** What the form must say before it can build a payload; empty when the network is complete. */
export function wifiProblems(config: WifiConfig): string[] {
  const problems: string[] = [];
  if (config.ssid === '') problems.push(t('push_errorEnterNetworkName'));
  if (config.security !== 'nopass' && config.password === '') problems.push(t('push_errorEnterWifiPassword'));
  return problems;
}
