/**
 * Script and HTML as shop data. Each sets `window.__pwned` if it ever runs, so the browser
 * battery can tell; the API stores them as text and the pages must show them as text.
 */
export const MARKUP_SAMPLES = [
  '<img src=x onerror="window.__pwned=1">',
  '<script>window.__pwned=2</script>',
  '<svg onload="window.__pwned=3"></svg>',
  '"><iframe srcdoc="<script>parent.__pwned=4</script>">',
  'javascript:window.__pwned=5',
] as const;
