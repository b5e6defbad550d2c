import { Icon, type IconProps } from './Icon';

/** QR code (Lucide: qr-code). */
export function QrIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="16" y="3" width="5" height="5" rx="1" />
      <rect x="3" y="16" width="5" height="5" rx="1" />
      <rect x="3" y="3" width="5" height="5" rx="1" />
      <path d="M21 16h-3a2 2 0 0 0-2 2v3M21 21h.01M12 7v3a2 2 0 0 1-2 2H7M3 12h.01M12 3h.01M12 16h.01M16 12h1M21 12h.01M12 21v-1" />
    </Icon>
  );
}
