/**
 * The client's address in the cloud, read from the headers in the shape AWS hands them on (a
 * captured AppSync event: the viewer's address, then a CloudFront edge's; decision 0288), not from
 * the emulation's own header: the functions' reading (`clientIpOf`) against the captured shape,
 * then the emulation's header against the same shape. tests/cloud/sign-in-throttle.test.ts sends
 * made-up headers through the emulation.
 */
import { describe, expect, it } from 'vitest';
import { clientIpOf, ENTRIES_AFTER_CLIENT } from '../../amplify/functions/common/appsync';
import {
  CAPTURED_CLOUDFRONT_HEADERS,
  CAPTURED_EDGE_ADDRESS,
  CAPTURED_VIEWER_ADDRESS,
  forwardedFor,
  viewerHeaders,
} from '../cloud-emulation/viewer-headers';

const capturedEvent = (headers: Record<string, string>) => ({
  typeName: 'Mutation',
  fieldName: 'signIn',
  arguments: {},
  identity: null,
  request: { headers: { ...CAPTURED_CLOUDFRONT_HEADERS, ...headers } },
});

describe('the client address, as AWS hands it on', () => {
  it('is the viewer address of a captured AppSync event, not the CloudFront edge after it', () => {
    expect(CAPTURED_CLOUDFRONT_HEADERS['x-forwarded-for']!.split(', ')).toHaveLength(1 + ENTRIES_AFTER_CLIENT);
    expect(clientIpOf(capturedEvent({}))).toBe(CAPTURED_VIEWER_ADDRESS);
  });

  it('stays the viewer address whatever the client puts before it (CloudFront appends to what it sent)', () => {
    for (const sent of ['203.0.113.9', '203.0.113.9, 10.0.0.1', CAPTURED_EDGE_ADDRESS, 'not an address'])
      expect(clientIpOf(capturedEvent({ 'x-forwarded-for': `${sent}, ${CAPTURED_VIEWER_ADDRESS}, ${CAPTURED_EDGE_ADDRESS}` }))).toBe(
        CAPTURED_VIEWER_ADDRESS,
      );
  });

  it('is built by the emulation in the captured shape', () => {
    expect(forwardedFor(undefined, CAPTURED_VIEWER_ADDRESS)).toBe(CAPTURED_CLOUDFRONT_HEADERS['x-forwarded-for']);
    expect(forwardedFor('203.0.113.9', CAPTURED_VIEWER_ADDRESS)).toBe(`203.0.113.9, ${CAPTURED_CLOUDFRONT_HEADERS['x-forwarded-for']}`);
    const handedOn = viewerHeaders({ 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'http' }, CAPTURED_VIEWER_ADDRESS);
    expect(handedOn).toMatchObject({
      ...CAPTURED_CLOUDFRONT_HEADERS,
      'x-forwarded-for': `203.0.113.9, ${CAPTURED_VIEWER_ADDRESS}, ${CAPTURED_EDGE_ADDRESS}`,
    });
  });
});
