import { describe, expect, it } from 'vitest';
import { errorsOf, firstErrorMessage, hasErrorType, userFacingMessage } from './graphql-errors';
import { IMAGE_UPLOAD_MESSAGES, MAX_PNG_BYTES } from '../../../../shared/image-upload';
import { checkChosenImage, checkPngFile } from './image-file';

describe('checkPngFile', () => {
  const file = (name: string, type = 'image/png', size = 100) => ({ name, type, size });
  it('accepts a .png of type image/png, whatever the case of the extension', () => {
    expect(checkPngFile(file('a.png'))).toBeNull();
    expect(checkPngFile(file('BANNER.PNG'))).toBeNull();
  });
  it('accepts a .png the browser gives no type for', () => {
    expect(checkPngFile(file('a.png', ''))).toBeNull();
  });
  it('refuses other names and types', () => {
    expect(checkPngFile(file('a.jpg', 'image/jpeg'))).toBe(IMAGE_UPLOAD_MESSAGES.notPng);
    expect(checkPngFile(file('a.png', 'image/jpeg'))).toBe(IMAGE_UPLOAD_MESSAGES.notPng);
    expect(checkPngFile(file('a.jpg', 'image/png'))).toBe(IMAGE_UPLOAD_MESSAGES.notPng);
    expect(checkPngFile(file('png', 'image/png'))).toBe(IMAGE_UPLOAD_MESSAGES.notPng);
  });
  it('refuses a file over 5 MB', () => {
    expect(checkPngFile(file('a.png', 'image/png', MAX_PNG_BYTES))).toBeNull();
    expect(checkPngFile(file('a.png', 'image/png', MAX_PNG_BYTES + 1))).toBe(IMAGE_UPLOAD_MESSAGES.tooLarge);
  });
});

describe('checkChosenImage', () => {
  const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  const chosen = (name: string, bytes: number[], type = 'image/png') => new File([new Uint8Array(bytes)], name, { type });
  it('accepts a .png that starts with the PNG signature', async () => {
    expect(await checkChosenImage(chosen('a.png', [...PNG_HEAD, 0, 0, 0, 13]))).toBeNull();
  });
  it('refuses a JPEG or anything else named .png, by its first bytes', async () => {
    expect(await checkChosenImage(chosen('fake.png', [0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49]))).toBe(
      IMAGE_UPLOAD_MESSAGES.notPng,
    );
    expect(await checkChosenImage(chosen('short.png', PNG_HEAD.slice(0, 7)))).toBe(IMAGE_UPLOAD_MESSAGES.notPng);
    expect(await checkChosenImage(chosen('empty.png', []))).toBe(IMAGE_UPLOAD_MESSAGES.notPng);
  });
  it('refuses by name and type first, then by size', async () => {
    expect(await checkChosenImage(chosen('a.jpg', PNG_HEAD, 'image/jpeg'))).toBe(IMAGE_UPLOAD_MESSAGES.notPng);
    const big = new File([new Uint8Array(PNG_HEAD), new Uint8Array(MAX_PNG_BYTES)], 'big.png', { type: 'image/png' });
    expect(await checkChosenImage(big)).toBe(IMAGE_UPLOAD_MESSAGES.tooLarge);
  });
});

describe('graphql errors', () => {
  const errors = [
    { message: 'internal', errorType: 'InternalFailure' },
    { message: 'Not a PNG image', errorType: 'ValidationError' },
  ];
  it('reads errors from an array, a result or a thrown object', () => {
    expect(errorsOf(errors)).toHaveLength(2);
    expect(errorsOf({ data: null, errors })).toHaveLength(2);
    expect(errorsOf(new Error('x'))).toEqual([]);
    expect(errorsOf(null)).toEqual([]);
  });
  it('finds types and messages', () => {
    expect(hasErrorType({ errors }, 'ValidationError')).toBe(true);
    expect(hasErrorType({ errors }, 'DynamoDB:ConditionalCheckFailedException')).toBe(false);
    expect(firstErrorMessage(errors)).toBe('internal');
    expect(firstErrorMessage([])).toBeUndefined();
  });
  it('shows only validation messages to staff', () => {
    expect(userFacingMessage({ errors }, 'Error Creating Item')).toBe('Not a PNG image');
    expect(userFacingMessage({ errors: [errors[0]] }, 'Error Creating Item')).toBe('Error Creating Item');
  });
});
