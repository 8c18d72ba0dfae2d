/** Icons of the admin sidebar; decorative (the link or button around them carries the name). */

/** Each icon's outline, one SVG path on a 24-unit grid (circles and boxes written as arcs). */
const PATHS = {
  home: 'M3 11l9-7 9 7M5 10v10h5v-6h4v6h5V10',
  items: 'M10 3h4v4l1.5 2.5V21h-7V9.5L10 7zM8.5 13h7',
  tags: 'M3 12V4h8l10 10-8 8zM6 8.5a1.5 1.5 0 103 0 1.5 1.5 0 10-3 0',
  events: 'M5 5h14a2 2 0 012 2v12a2 2 0 01-2 2H5a2 2 0 01-2-2V7a2 2 0 012-2zM3 10h18M8 3v4M16 3v4',
  users:
    'M5.5 8a3.5 3.5 0 107 0 3.5 3.5 0 10-7 0M2.5 20c.8-3.6 3.3-5.5 6.5-5.5s5.7 1.9 6.5 5.5M16 4.8a3.4 3.4 0 010 6.4M18 14.8c1.8.8 3 2.5 3.5 5.2',
  admins: 'M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6zM9 12l2 2 4-4',
  settings:
    'M9 12a3 3 0 106 0 3 3 0 10-6 0M12 2.5v3M12 18.5v3M2.5 12h3M18.5 12h3M5.3 5.3l2.1 2.1M16.6 16.6l2.1 2.1M5.3 18.7l2.1-2.1M16.6 7.4l2.1-2.1',
  activity: 'M3 12h4l3-7 4 14 3-7h4',
  reservations: 'M9 3h6v3H9zM7 4.5H5.5v16.5h13V4.5H17M9 13l2 2 4-4.5',
  outbox: 'M3 6h18v12H3zM3 6l9 7 9-7',
  logout: 'M14 4h5v16h-5M10 8l-4 4 4 4M6 12h10',
} as const;

export type AdminIconName = keyof typeof PATHS;

export function AdminIcon({ name }: { name: AdminIconName }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.9"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
