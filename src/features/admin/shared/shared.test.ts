import { describe, expect, it } from 'vitest';
import { errorsOf, firstErrorMessage, hasErrorType, userFacingMessage } from './graphql-errors';
import { MAX_PNG_BYTES } from '../../../../shared/image-upload';
import { checkPngFile, IMAGE_MESSAGES } from './image-file';

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
    expect(checkPngFile(file('a.jpg', 'image/jpeg'))).toBe(IMAGE_MESSAGES.notPng);
    expect(checkPngFile(file('a.png', 'image/jpeg'))).toBe(IMAGE_MESSAGES.notPng);
    expect(checkPngFile(file('a.jpg', 'image/png'))).toBe(IMAGE_MESSAGES.notPng);
    expect(checkPngFile(file('png', 'image/png'))).toBe(IMAGE_MESSAGES.notPng);
  });
  it('refuses a file over 5 MB', () => {
    expect(checkPngFile(file('a.png', 'image/png', MAX_PNG_BYTES))).toBeNull();
    expect(checkPngFile(file('a.png', 'image/png', MAX_PNG_BYTES + 1))).toBe(IMAGE_MESSAGES.tooLarge);
  });
});

describe('graphql errors', () => {
  const errors = [{ message: 'internal', errorType: 'InternalFailure' }, { message: 'Not a PNG image', errorType: 'ValidationError' }];
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
