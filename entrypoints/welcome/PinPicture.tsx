import { t, uiDir } from '@/lib/i18n';

const WIDTH = 360;

/**
 * How to pin the toolbar button, as a picture (issue 20: it was only grey small print at the page's foot):
 * the browser's Extensions button (the puzzle piece), its menu with Secret Push, and the pin beside it,
 * numbered in the order they are clicked. Drawn in the page's own colours, so it follows both schemes.
 * Right to left, the browser's toolbar is mirrored (the Extensions button sits at its left), so the picture
 * is too: shapes by position, and the name through the page's direction.
 */
export function PinPicture() {
  const rtl = uiDir() === 'rtl';
  /** Where a shape `width` wide that starts at `x` left to right starts in this direction. */
  const at = (x: number, width = 0) => (rtl ? WIDTH - x - width : x);
  return (
    <svg
      class="pin-picture"
      viewBox={`0 0 ${WIDTH} 150`}
      width={WIDTH}
      height={150}
      role="img"
      aria-label={t('welcome_pinPicture')}
    >
      {/* The toolbar: the address field, then the Extensions button. */}
      <rect x="1" y="1" width="358" height="40" rx="8" class="pin-bar" />
      <rect x={at(12, 250)} y="10" width="250" height="22" rx="11" class="pin-field" />
      <g transform={`translate(${at(300, 22)} 9)`} class="pin-line">
        <path d="M9 2a2 2 0 0 1 4 0v2h4v4h2a2 2 0 0 1 0 4h-2v6h-6v-2a2 2 0 0 0-4 0v2H1v-6h2a2 2 0 0 0 0-4H1V4h8z" />
      </g>
      <circle cx={at(334)} cy="12" r="9" class="pin-step" />
      <text x={at(334)} y="16" class="pin-step-n">
        1
      </text>
      {/* The Extensions menu, with Secret Push and its pin. */}
      <rect x={at(150, 208)} y="50" width="208" height="90" rx="8" class="pin-menu" />
      <image href="/icon/32.png" x={at(164, 24)} y="80" width="24" height="24" />
      <text x={at(198)} y="97" class="pin-name">
        {t('app_name')}
      </text>
      <g transform={`translate(${at(312, 24)} 80)`} class="pin-line pin-accent">
        <path d="M12 17v5M9 10.76a2 2 0 0 1-1.11 1.79l-1.78.9A2 2 0 0 0 5 15.24V16a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-.76a2 2 0 0 0-1.11-1.79l-1.78-.9A2 2 0 0 1 15 10.76V7a1 1 0 0 1 1-1 2 2 0 0 0 0-4H8a2 2 0 0 0 0 4 1 1 0 0 1 1 1z" />
      </g>
      <circle cx={at(344)} cy="78" r="9" class="pin-step" />
      <text x={at(344)} y="82" class="pin-step-n">
        2
      </text>
    </svg>
  );
}
