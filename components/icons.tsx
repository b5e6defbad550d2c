import type { ComponentChildren } from 'preact';

/*
 * Every icon, and the frame each draws in. The shapes are Lucide's (https://lucide.dev, ISC licence,
 * Copyright (c) for portions of Lucide are held by Cole Bemis 2013-2022 as part of Feather (MIT); all other
 * copyright (c) for Lucide are held by Lucide Contributors 2022), copied as inline SVG because lucide-preact
 * wants Preact 10. One module for them all: the bundler keeps only the icons a page draws, and the frame is
 * in what every page loads first (wxt.config.ts UI_GROUP).
 */

export interface IconProps {
  /** Pixels; the icon follows the text's colour (currentColor). */
  size?: number;
  /**
   * The icon's name when it stands alone and nothing else names it. Without it the icon is decorative
   * (aria-hidden) and the button or link that holds it carries the accessible name.
   */
  title?: string;
  class?: string;
}

/** The 24×24 stroked frame of a Lucide icon around its shapes. */
export function Icon(props: IconProps & { children: ComponentChildren }) {
  const { size = 16, title } = props;
  return (
    <svg
      class={props.class ? `sp-icon ${props.class}` : 'sp-icon'}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      stroke-width={2}
      stroke-linecap="round"
      stroke-linejoin="round"
      focusable="false"
      {...(title ? { role: 'img', 'aria-label': title } : { 'aria-hidden': 'true' })}
    >
      {title && <title>{title}</title>}
      {props.children}
    </svg>
  );
}

/** Done, e.g. a copy that succeeded (Lucide: check). */
export function CheckIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M20 6 9 17l-5-5" />
    </Icon>
  );
}

/** Copy (Lucide: copy). */
export function CopyIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="8" y="8" width="14" height="14" rx="2" />
      <path d="M4 16a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2" />
    </Icon>
  );
}

/** Opens in a new tab (Lucide: external-link); it points out towards the end, so it mirrors right to left. */
export function ExternalLinkIcon(props: IconProps) {
  return (
    <Icon {...props} class={props.class ? `sp-icon-directional ${props.class}` : 'sp-icon-directional'}>
      <path d="M15 3h6v6M10 14 21 3M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6" />
    </Icon>
  );
}

/** Preview or reveal (Lucide: eye). */
export function EyeIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M2 12s3-7 10-7 10 7 10 7-3 7-10 7-10-7-10-7Z" />
      <circle cx="12" cy="12" r="3" />
    </Icon>
  );
}

/** Hide what was revealed (Lucide: eye-off). */
export function EyeOffIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M9.88 9.88a3 3 0 1 0 4.24 4.24" />
      <path d="M10.73 5.08A10.43 10.43 0 0 1 12 5c7 0 10 7 10 7a13.16 13.16 0 0 1-1.67 2.68" />
      <path d="M6.61 6.61A13.526 13.526 0 0 0 2 12s3 7 10 7a9.74 9.74 0 0 0 5.39-1.61" />
      <path d="m2 2 20 20" />
    </Icon>
  );
}

/** More actions (Lucide: ellipsis). */
export function MoreIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="1" />
      <circle cx="19" cy="12" r="1" />
      <circle cx="5" cy="12" r="1" />
    </Icon>
  );
}

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

/** Refresh (Lucide: refresh-cw). */
export function RefreshIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M23 4v6h-6M1 20v-6h6" />
      <path d="M3.51 9a9 9 0 0 1 14.85-3.36L23 10M1 14l4.64 4.36A9 9 0 0 0 20.49 15" />
    </Icon>
  );
}

/** Settings (Lucide: settings). */
export function SettingsIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12.22 2h-.44a2 2 0 0 0-2 2v.18a2 2 0 0 1-1 1.73l-.43.25a2 2 0 0 1-2 0l-.15-.08a2 2 0 0 0-2.73.73l-.22.38a2 2 0 0 0 .73 2.73l.15.1a2 2 0 0 1 1 1.72v.51a2 2 0 0 1-1 1.74l-.15.09a2 2 0 0 0-.73 2.73l.22.38a2 2 0 0 0 2.73.73l.15-.08a2 2 0 0 1 2 0l.43.25a2 2 0 0 1 1 1.73V20a2 2 0 0 0 2 2h.44a2 2 0 0 0 2-2v-.18a2 2 0 0 1 1-1.73l.43-.25a2 2 0 0 1 2 0l.15.08a2 2 0 0 0 2.73-.73l.22-.39a2 2 0 0 0-.73-2.73l-.15-.08a2 2 0 0 1-1-1.74v-.5a2 2 0 0 1 1-1.74l.15-.09a2 2 0 0 0 .73-2.73l-.22-.38a2 2 0 0 0-2.73-.73l-.15.08a2 2 0 0 1-2 0l-.43-.25a2 2 0 0 1-1-1.73V4a2 2 0 0 0-2-2z" />
      <circle cx="12" cy="12" r="3" />
    </Icon>
  );
}

/** Delete (Lucide: trash-2). */
export function TrashIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M19 6v14c0 1-1 2-2 2H7c-1 0-2-1-2-2V6M8 6V4c0-1 1-2 2-2h4c1 0 2 1 2 2v2M3 6h18M10 11v6M14 11v6" />
    </Icon>
  );
}

/** Upload or add files (Lucide: upload). */
export function UploadIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M17 8l-5-5-5 5M12 3v12" />
    </Icon>
  );
}

/** Generate (Lucide: wand-sparkles). */
export function WandIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="m21.64 3.64-1.28-1.28a1.21 1.21 0 0 0-1.72 0L2.36 18.64a1.21 1.21 0 0 0 0 1.72l1.28 1.28a1.2 1.2 0 0 0 1.72 0L21.64 5.36a1.2 1.2 0 0 0 0-1.72" />
      <path d="m14 7 3 3M5 6v4M19 14v4M10 2v2M7 8H3M21 16h-4M11 3H9" />
    </Icon>
  );
}
