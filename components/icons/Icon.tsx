import type { ComponentChildren } from 'preact';

/*
 * The frame every icon draws in. The shapes are Lucide's (https://lucide.dev, ISC licence,
 * Copyright (c) for portions of Lucide are held by Cole Bemis 2013-2022 as part of Feather (MIT); all other
 * copyright (c) for Lucide are held by Lucide Contributors 2022), copied as inline SVG because lucide-preact
 * wants Preact 10. One module per icon, so a page bundles only the icons it draws.
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
