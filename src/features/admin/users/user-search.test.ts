import { describe, expect, it } from 'vitest';
import { nameVariants, ROLE_ADMIN, ROLE_USER, USER_PAGE_SIZE, userListFilter } from './user-search';

describe('user search on the server', () => {
  it('reads 50 accounts a page', () => {
    expect(USER_PAGE_SIZE).toBe(50);
  });

  it('filters on the role alone when there is no search', () => {
    expect(userListFilter(ROLE_USER, '  ')).toEqual({ type: { eq: 1 } });
    expect(userListFilter(ROLE_ADMIN, '')).toEqual({ type: { eq: 0 } });
  });

  it('tries the name as typed, lower-case and capitalised, and the e-mail lower-case', () => {
    expect(userListFilter(ROLE_USER, ' ana LOPEZ ')).toEqual({
      type: { eq: 1 },
      or: [
        { name: { contains: 'ana LOPEZ' } },
        { name: { contains: 'ana lopez' } },
        { name: { contains: 'Ana lopez' } },
        { name: { contains: 'Ana Lopez' } },
        { email: { contains: 'ana lopez' } },
      ],
    });
  });

  it('tries each spelling once', () => {
    expect(nameVariants('Ana')).toEqual(['Ana', 'ana']);
    expect(nameVariants('lopez')).toEqual(['lopez', 'Lopez']);
    expect(nameVariants('a@b.com')).toEqual(['a@b.com', 'A@b.com']);
    expect(nameVariants('mary  ann')).toEqual(['mary ann', 'Mary ann', 'Mary Ann']);
    expect(nameVariants('')).toEqual([]);
  });
});
