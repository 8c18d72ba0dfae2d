/** Icons of the admin editors and lists; decorative (the buttons around them carry the labels). */

const svgProps = { viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false } as const;

/** Six dots: the drag handle. */
export function GripIcon() {
  return (
    <svg {...svgProps}>
      {[6, 12, 18].map((y) => (
        <g key={y} fill="currentColor">
          <circle cx="9" cy={y} r="1.7" />
          <circle cx="15" cy={y} r="1.7" />
        </g>
      ))}
    </svg>
  );
}

export function PencilIcon() {
  return (
    <svg {...svgProps}>
      <path
        d="M4 20h4L19 9l-4-4L4 16v4zM13.5 6.5l4 4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function CrossIcon() {
  return (
    <svg {...svgProps}>
      <path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

/** Points down when open, right when closed (rotated by CSS on aria-expanded). */
export function DisclosureIcon() {
  return (
    <svg {...svgProps}>
      <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
