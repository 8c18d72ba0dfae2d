/** The shop's tables as the in-memory fake holds them (tests only; see fake-dynamo.ts). */
import { FakeDynamo } from './fake-dynamo';
import { SESSIONS_BY_USER_INDEX } from '../../../amplify/functions/common/dynamo-sessions';
import { RESERVATION_INDEXES } from '../../../amplify/functions/common/dynamo-reservations';

export const TABLES = {
  users: 'User-test',
  credentials: 'Credentials-test',
  sessions: 'Sessions-test',
  Banner: 'Banner-test',
  Category: 'Category-test',
  Tag: 'Tag-test',
  Item: 'Item-test',
  ShopSettings: 'ShopSettings-test',
  reservations: 'Reservations-test',
} as const;

export function fakeShopDynamo(pageSize = 2): FakeDynamo {
  return new FakeDynamo(
    {
      [TABLES.users]: { key: 'id' },
      [TABLES.credentials]: { key: 'pk' },
      [TABLES.sessions]: { key: 'tokenHash', indexes: { [SESSIONS_BY_USER_INDEX]: 'userId' } },
      [TABLES.Banner]: { key: 'id' },
      [TABLES.Category]: { key: 'id' },
      [TABLES.Tag]: { key: 'id' },
      [TABLES.Item]: { key: 'id' },
      [TABLES.ShopSettings]: { key: 'id' },
      [TABLES.reservations]: { key: 'id', indexes: { [RESERVATION_INDEXES.byUser]: 'userId', [RESERVATION_INDEXES.byStatus]: 'status' } },
    },
    pageSize,
  );
}
