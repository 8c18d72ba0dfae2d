/**
 * The headers AWS puts on a request before AppSync hands it to a resolver, in the shape of a
 * captured AppSync event (decision 0288): AppSync's endpoint is a CloudFront distribution, which
 * appends the address its viewer connected from to X-Forwarded-For, and the address of the
 * CloudFront edge follows it. The captured viewer address is replaced by a documentation address;
 * the edge address (in CloudFront's range) and the other CloudFront headers are as captured.
 */
export const CAPTURED_VIEWER_ADDRESS = '198.51.100.7';
export const CAPTURED_EDGE_ADDRESS = '130.176.27.160';

/** A request's CloudFront headers as captured (a browser's own headers left out). */
export const CAPTURED_CLOUDFRONT_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'x-forwarded-for': `${CAPTURED_VIEWER_ADDRESS}, ${CAPTURED_EDGE_ADDRESS}`,
  'cloudfront-viewer-country': 'UY',
  'cloudfront-is-tablet-viewer': 'false',
  'cloudfront-is-mobile-viewer': 'false',
  'cloudfront-is-smarttv-viewer': 'false',
  'cloudfront-is-desktop-viewer': 'true',
  'cloudfront-forwarded-proto': 'https',
  'x-forwarded-proto': 'https',
  via: '2.0 4d81475b952240b1e00ec.cloudfront.net (CloudFront)',
});

/**
 * X-Forwarded-For as it reaches the resolvers: whatever the client sent, then the address its
 * connection came from (CloudFront's viewer; here whoever connected to the emulation), then the
 * captured edge address.
 */
export function forwardedFor(sentByClient: string | string[] | undefined, connectedFrom: string | undefined): string {
  const sent = Array.isArray(sentByClient) ? sentByClient.join(', ') : sentByClient;
  return [sent, connectedFrom ?? 'unknown', CAPTURED_EDGE_ADDRESS].filter(Boolean).join(', ');
}

/** The headers AppSync hands on for a request with `headers` from `connectedFrom`. */
export function viewerHeaders(headers: Record<string, string | string[] | undefined>, connectedFrom: string | undefined) {
  return {
    ...CAPTURED_CLOUDFRONT_HEADERS,
    ...headers,
    'x-forwarded-for': forwardedFor(headers['x-forwarded-for'], connectedFrom),
    'x-forwarded-proto': CAPTURED_CLOUDFRONT_HEADERS['x-forwarded-proto']!,
  };
}
