import { describe, expect, it } from 'vitest';
import { errorsOf, firstErrorMessage, hasErrorType, userFacingMessage } from './graphql-errors';
import { IMAGE_UPLOAD_MESSAGES, MAX_CHOSEN_IMAGE_BYTES, MAX_IMAGE_BYTES } from '../../../../shared/image-upload';
import { checkChosenImage, checkImageToSend } from './image-file';

describe('checkImageToSend', () => {
  it('lets through what the server takes: at most 5 MB', () => {
    expect(checkImageToSend({ size: MAX_IMAGE_BYTES })).toBeNull();
    expect(checkImageToSend({ size: MAX_IMAGE_BYTES + 1 })).toBe(IMAGE_UPLOAD_MESSAGES.tooLarge);
  });
});

describe('checkChosenImage', () => {
  const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1];
  const chosen = (name: string, bytes: number[], type = 'image/png') => new File([new Uint8Array(bytes)], name, { type });
  it('goes by the first bytes, not by the name or the type the browser claims', async () => {
    expect(await checkChosenImage(chosen('a.png', [...PNG_HEAD, 0, 0, 0, 13]))).toEqual({ type: 'png' });
    expect(await checkChosenImage(chosen('IMG_0001.JPG', JPEG_HEAD, 'image/jpeg'))).toEqual({ type: 'jpeg' });
    expect(await checkChosenImage(chosen('photo.png', JPEG_HEAD))).toEqual({ type: 'jpeg' });
  });
  it('refuses a text file named .jpg, an empty file and a HEIC photo', async () => {
    const text = [...new TextEncoder().encode('Shopping list: ice')];
    expect(await checkChosenImage(chosen('notes.jpg', text, 'image/jpeg'))).toEqual({ refusal: IMAGE_UPLOAD_MESSAGES.notImage });
    expect(await checkChosenImage(chosen('empty.png', []))).toEqual({ refusal: IMAGE_UPLOAD_MESSAGES.notImage });
    const heic = [0, 0, 0, 0x18, ...new TextEncoder().encode('ftypheic')];
    expect(await checkChosenImage(chosen('IMG_0002.HEIC', heic, 'image/heic'))).toEqual({ refusal: IMAGE_UPLOAD_MESSAGES.heic });
  });
  it('takes a photo over 5 MB (it will be shrunk), not one over the chosen-file limit', async () => {
    const big = (size: number) =>
      new File([new Uint8Array(JPEG_HEAD), new Uint8Array(size - JPEG_HEAD.length)], 'big.jpg', { type: 'image/jpeg' });
    expect(await checkChosenImage(big(MAX_IMAGE_BYTES + 1))).toEqual({ type: 'jpeg' });
    expect(await checkChosenImage(big(MAX_CHOSEN_IMAGE_BYTES + 1))).toEqual({ refusal: IMAGE_UPLOAD_MESSAGES.chosenTooLarge });
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
