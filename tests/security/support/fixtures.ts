/**
 * Records for hostile calls to aim at, so a refused update or delete is refused on something that
 * exists (and an allowed one really changes something). Made through the store directly: setup,
 * not the behaviour under test.
 *
 *     const fixture = await catalogueFixture(shop);
 *     await fixture.renew();                       // fresh records before each operation
 *     wellFormedCall(op, fixture.values);
 */
import { registerAccount } from '../../../server/accounts/account-service';
import { SqliteAccountStore } from '../../../server/accounts/account-store';
import { storeImage } from '../../../server/media/images';
import { TEST_PASSWORD, type TestServer } from '../../support/test-server';
import { ROLE_ADMIN } from '../../../shared/roles';
import type { ValueSource } from './operations';
import { pngBytes } from './images';

let emails = 0;
export const uniqueEmail = (label = 'probe') => `${label}.${process.pid}.${++emails}@example.com`;

/** Creates an admin (a target for admin management, or a second admin to delete with). */
export async function createAdmin(shop: TestServer, email = uniqueEmail('admin')) {
  return registerAccount(new SqliteAccountStore(shop.store), { email, name: 'Probe Admin', password: TEST_PASSWORD, type: ROLE_ADMIN });
}

export async function catalogueFixture(shop: TestServer) {
  const png = await pngBytes(4, 4);
  const imageUrl = await storeImage(shop.media, png);
  const ids: Record<string, string> = {};

  const values: ValueSource = {
    idOf: (model) => (model && ids[model]) || 'no-such-record',
    idsOf: (model) => {
      if (model === 'Tag') return [ids.Tag!];
      return model ? shop.store.list(model, { limit: 1000 }).items.map((record) => record.id) : [];
    },
    imageUrl,
    email: () => uniqueEmail(),
    password: TEST_PASSWORD,
  };

  return {
    values,
    imageUrl,
    /** New records of every model; a new admin only when asked (a bcrypt hash costs time). */
    async renew(withAdmin = false) {
      const category = shop.store.create('Category', { name: 'Probe category', type: ['wine'], visible: true, index: 0 });
      ids.Category = category.id;
      ids.Tag = shop.store.create('Tag', { name: 'Probe tag', categoryId: category.id, index: 0 }).id;
      ids.Item = shop.store.create('Item', { name: 'Probe item', price: 12.5, tags: [ids.Tag], description: 'Probe' }).id;
      ids.Banner = shop.store.create('Banner', { img: imageUrl, index: 0 }).id;
      ids.Event = shop.store.create('Event', { name: 'Probe event', date: '2031-01-01', description: 'Probe' }).id;
      ids.ShopSettings = shop.store.create('ShopSettings', {
        name: 'Probe shop',
        weeklyHours: ['closed', 'closed', 'closed', 'closed', 'closed', 'closed', 'closed'],
      }).id;
      if (withAdmin) ids.User = (await createAdmin(shop)).id;
    },
  };
}
