/**
 * Client Users (/admin-users) and Admin Users (/admin-admins), product §2, §4, §5, §8: the tables,
 * search by name or e-mail on the server (debounced, case handled), pages of 50 with "Load more",
 * and creating, editing and deleting admins with the own-account and last-admin rules.
 * E2E_ADMIN is never deleted; the admins made here are.
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { adminApi, E2E_ADMIN, expectToast, sessionToken, signInAsAdmin, signInPastLimit, unique } from './support/admin-session';
import { seriousViolations } from './support/axe';
import { BOTH_BACKENDS, BROWSER_ALONE } from './support/scope';
import { signUpFrom } from './support/customer-mail';

const PASSWORD = 'Gr8-Cabernet-2031!';
const dialog = (page: Page) => page.getByRole('dialog');
const rows = (page: Page) => page.locator('tbody tr');
const row = (page: Page, email: string) => rows(page).filter({ has: page.getByRole('cell', { name: email, exact: true }) });
const search = (page: Page) => page.getByPlaceholder('Search...');

/** The variables of the user list requests the page sends. */
function listUserRequests(page: Page): { filter?: unknown; limit?: number; nextToken?: string | null }[] {
  const seen: { filter?: unknown; limit?: number; nextToken?: string | null }[] = [];
  page.on('request', (request: Request) => {
    const body = request.postData() ?? '';
    if (request.url().endsWith('/graphql') && body.includes('listUsers')) seen.push((JSON.parse(body) as { variables: never }).variables);
  });
  return seen;
}

const tag = unique('').toLowerCase();
const customers = [
  { firstName: 'Marisol', lastName: `Tester${tag}`, email: `marisol.${tag}@example.com` },
  { firstName: 'Bartholomew', lastName: `Tester${tag}`, email: `bart.${tag}@example.com` },
  { firstName: 'Ana', lastName: 'Lopez', email: `zz-${tag}@example.com` },
];

// Signing up is other specs' subject: these customers sign up from an address of their own.
test.beforeAll(async ({ request }) => {
  for (const customer of customers) await signUpFrom(request, { ...customer, password: PASSWORD }, '127.0.0.71');
});

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signInAsAdmin(page);
});

test.describe('Client Users', () => {
  test('lists client users (not admins) with username and email, 50 a page from the server', BOTH_BACKENDS, async ({ page }) => {
    const requests = listUserRequests(page);
    await page.goto('/admin-users');
    await expect(page.getByRole('heading', { level: 1, name: 'Client Users' })).toBeVisible();
    // Whether each confirmed the address by its link, and the phone (decisions 0302, 0303).
    await expect(page.getByRole('columnheader')).toHaveText(['Actions', 'Username', 'Email', 'Confirmed', 'Phone']);
    for (const customer of customers) {
      const name = `${customer.firstName} ${customer.lastName}`;
      await expect(row(page, customer.email).getByRole('cell')).toHaveText([
        `Password link for ${name}Mark confirmed for ${name}`,
        name,
        customer.email,
        'Not confirmed',
        '',
      ]);
    }
    await expect(row(page, E2E_ADMIN.email)).toHaveCount(0);
    expect(requests[0]).toMatchObject({ limit: 50, filter: { type: { eq: 1 } } });
  });

  test('searches by name or e-mail, ignoring case, on the server after typing pauses', BOTH_BACKENDS, async ({ page }) => {
    await page.goto('/admin-users');
    await expect(row(page, customers[0]!.email)).toHaveCount(1);
    const requests = listUserRequests(page);

    // Typed in lower case, found by the capitalised name; one request for the whole word.
    await search(page).pressSequentially('marisol', { delay: 40 });
    await expect(rows(page)).toHaveCount(1);
    await expect(row(page, customers[0]!.email)).toHaveCount(1);
    await expect(page.getByRole('status').filter({ hasText: 'Showing 1 user matching "marisol".' })).toBeVisible();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      limit: 50,
      filter: {
        type: { eq: 1 },
        or: expect.arrayContaining([{ name: { contains: 'Marisol' } }, { email: { contains: 'marisol' } }]),
      },
    });

    // E-mails are stored lower-cased: an upper-case search still finds them.
    await search(page).fill(`BART.${tag.toUpperCase()}`);
    await expect(rows(page)).toHaveCount(1);
    await expect(row(page, customers[1]!.email)).toHaveCount(1);

    // Part of a last name, lower case: both Testers.
    await search(page).fill(`tester${tag}`);
    await expect(rows(page)).toHaveCount(2);
    await expect(row(page, customers[2]!.email)).toHaveCount(0);

    await search(page).fill('nobody-by-this-name');
    await expect(rows(page)).toHaveCount(0);
    await expect(page.getByText('No users match "nobody-by-this-name".')).toBeVisible();

    // Admins are not client users, whatever the search.
    await search(page).fill(E2E_ADMIN.email);
    await expect(page.getByText(`No users match "${E2E_ADMIN.email}".`)).toBeVisible();

    await search(page).fill('');
    await expect(row(page, customers[2]!.email)).toHaveCount(1);
  });

  test(
    'Mark confirmed: staff confirm an address they checked with the customer, after a question (decision 0335)',
    BOTH_BACKENDS,
    async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      const ana = customers[2]!;
      await page.goto('/admin-users');
      await search(page).fill(ana.email);
      await expect(rows(page)).toHaveCount(1);
      await expect(row(page, ana.email).getByText('Not confirmed')).toBeVisible();
      const mark = row(page, ana.email).getByRole('button', { name: 'Mark confirmed for Ana Lopez' });

      // Cancel changes nothing and gives focus back.
      await mark.click();
      await expect(dialog(page)).toHaveAccessibleName('Mark email confirmed');
      await expect(dialog(page)).toContainText(`Mark ${ana.email} confirmed for Ana Lopez?`);
      expect(await seriousViolations(page)).toEqual([]);
      await dialog(page).getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog(page)).toHaveCount(0);
      await expect(mark).toBeFocused();
      await expect(row(page, ana.email).getByText('Not confirmed')).toBeVisible();

      await mark.click();
      await dialog(page).getByRole('button', { name: 'Mark confirmed' }).click();
      await expectToast(page, 'Success', 'Email address marked confirmed');
      await expect(dialog(page)).toHaveCount(0);
      await expect(row(page, ana.email).getByText('Confirmed', { exact: true })).toBeVisible();
      await expect(row(page, ana.email).getByRole('button', { name: /Mark confirmed/ })).toHaveCount(0);
      // The server has it too.
      const api = await adminApi(page.request);
      const stored = await api.call<{ listUsers: { items: unknown[] } }>(
        'query ($filter: ModelUserFilterInput) { listUsers(filter: $filter, limit: 1000) { items { email emailConfirmed } } }',
        { filter: { email: { eq: ana.email } } },
      );
      expect(stored.listUsers.items).toEqual([{ email: ana.email, emailConfirmed: true }]);
    },
  );
});

test('a failed user list shows a toast and Try again', BROWSER_ALONE, async ({ page }) => {
  let failing = true;
  await page.route('**/graphql', (route) =>
    failing && (route.request().postData() ?? '').includes('listUsers')
      ? route.fulfill({ json: { data: { listUsers: null }, errors: [{ message: 'Internal failure', errorType: 'InternalFailure' }] } })
      : route.continue(),
  );
  await page.goto('/admin-users');
  await expectToast(page, 'Error', 'Error loading users');
  await expect(page.getByRole('status').filter({ hasText: "The users couldn't be loaded." })).toBeVisible();
  failing = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(row(page, customers[0]!.email)).toHaveCount(1);
});

test.describe('Admin Users', () => {
  const made: string[] = [];

  test.afterAll(async ({ request }) => {
    const api = await adminApi(request);
    for (const id of made) await api.raw('mutation ($id: ID!) { deleteAdmin(id: $id) { id } }', { id });
  });

  // One admin session may make many admins (sign-ins are rate-limited per address, as in the shop).
  async function createAdminViaApi(
    request: Page['request'],
    firstName: string,
    lastName: string,
    email: string,
    session?: Awaited<ReturnType<typeof adminApi>>,
  ) {
    const api = session ?? (await adminApi(request));
    const { createAdmin } = await api.call<{ createAdmin: { id: string } }>(
      `mutation ($firstName: String, $lastName: String, $email: String, $password: String, $confirmPassword: String) {
        createAdmin(firstName: $firstName, lastName: $lastName, email: $email, password: $password, confirmPassword: $confirmPassword) { id }
      }`,
      { firstName, lastName, email, password: PASSWORD, confirmPassword: PASSWORD },
    );
    made.push(createAdmin.id);
    return createAdmin.id;
  }

  test('the table: actions, username, email; no Delete on your own row', BOTH_BACKENDS, async ({ page }) => {
    await page.goto('/admin-admins');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Users' })).toBeVisible();
    await expect(page.getByRole('columnheader')).toHaveText(['Actions', 'Username', 'Email']);
    const own = row(page, E2E_ADMIN.email);
    await expect(own.getByRole('button', { name: /^Edit/ })).toBeVisible();
    await expect(own.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
    await expect(own.getByText('(you)')).toBeVisible();
    await expect(row(page, customers[0]!.email)).toHaveCount(0);

    // The server refuses it anyway.
    const api = await adminApi(page.request);
    const ownId = await page.evaluate(() => sessionStorage.getItem('user_id'));
    const refused = await api.raw('mutation ($id: ID!) { deleteAdmin(id: $id) { id } }', { id: ownId });
    expect(refused.errors?.[0]?.message).toBe('You cannot delete your own account');
  });

  test('Create Admin: required fields, matching passwords (nothing sent), success, duplicate e-mail', BOTH_BACKENDS, async ({ page }) => {
    const email = `admin.${unique('new')}@example.com`;
    const sent: string[] = [];
    page.on('request', (request) => {
      if ((request.postData() ?? '').includes('createAdmin')) sent.push(request.postData()!);
    });
    await page.goto('/admin-admins');
    const editor = dialog(page);

    await page.getByRole('button', { name: 'Create Admin' }).click();
    await expect(editor).toHaveAccessibleName('Admin Editor');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Error', 'Missing required fields');
    await expect(editor.getByLabel('First Name')).toBeFocused();

    await editor.getByLabel('First Name').fill('Nora');
    await editor.getByLabel('Last Name').fill('Vintner');
    await editor.getByLabel('Email').fill(email);
    await editor.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await editor.getByLabel('Confirm Password').fill(`${PASSWORD}x`);
    await editor.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Error', 'Passwords do not match');
    await expect(editor.getByRole('alert')).toHaveText('Passwords do not match');
    await expect(editor.getByLabel('Confirm Password')).toBeFocused();
    expect(sent).toEqual([]);

    await editor.getByLabel('Confirm Password').fill(PASSWORD);
    await editor.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Success', 'Admin created successfully');
    await expect(editor).toHaveCount(0);
    await expect(row(page, email).getByRole('cell', { name: 'Nora Vintner', exact: true })).toBeVisible();
    expect(sent).toHaveLength(1);
    // The new admin can sign in.
    expect(await sessionToken(page.request, { email, password: PASSWORD })).toMatch(/\S{20,}/);

    // The server's own refusal is what the toast says.
    await page.getByRole('button', { name: 'Create Admin' }).click();
    await editor.getByLabel('First Name').fill('Nora');
    await editor.getByLabel('Last Name').fill('Again');
    await editor.getByLabel('Email').fill(email.toUpperCase());
    await editor.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await editor.getByLabel('Confirm Password').fill(PASSWORD);
    await editor.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Error', 'An account with this email already exists');
    await expect(editor.getByRole('alert')).toHaveText('An account with this email already exists');
    await expect(editor).toBeVisible();
    await editor.getByRole('button', { name: 'Cancel' }).click();

    await search(page).fill(email);
    await expect(rows(page)).toHaveCount(1);
    const api = await adminApi(page.request);
    const { listUsers } = await api.call<{ listUsers: { items: { id: string }[] } }>(
      'query ($email: String) { listUsers(filter: { email: { eq: $email } }) { items { id } } }',
      { email },
    );
    made.push(...listUsers.items.map((item) => item.id));
  });

  test('Edit splits the name on the first space and hides the passwords; Delete Admin', BOTH_BACKENDS, async ({ page }) => {
    const email = `admin.${unique('edit')}@example.com`;
    const newEmail = `admin.${unique('renamed')}@example.com`;
    await createAdminViaApi(page.request, 'Ana', 'Maria de la Cruz', email);
    await page.goto('/admin-admins');
    const editor = dialog(page);

    await row(page, email).getByRole('button', { name: 'Edit Ana Maria de la Cruz' }).click();
    await expect(editor).toHaveAccessibleName('Admin Editor');
    await expect(editor.getByLabel('First Name')).toHaveValue('Ana');
    await expect(editor.getByLabel('Last Name')).toHaveValue('Maria de la Cruz');
    await expect(editor.getByLabel('Email')).toHaveValue(email);
    await expect(editor.getByLabel('Password', { exact: true })).toHaveCount(0);
    await expect(editor.getByLabel('Confirm Password')).toHaveCount(0);

    await editor.getByLabel('Last Name').fill('');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Error', 'Missing required fields');
    await editor.getByLabel('First Name').fill('Anna Maria');
    await editor.getByLabel('Last Name').fill('Cruz');
    await editor.getByLabel('Email').fill(newEmail);
    await editor.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Success', 'Admin Updated');
    await expect(editor).toHaveCount(0);
    await expect(row(page, newEmail).getByRole('cell', { name: 'Anna Maria Cruz', exact: true })).toBeVisible();
    await expect(row(page, email)).toHaveCount(0);

    await row(page, newEmail).getByRole('button', { name: 'Delete Anna Maria Cruz' }).click();
    await expect(editor).toHaveAccessibleName('Delete Admin');
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await expect(row(page, newEmail)).toHaveCount(1);
    await row(page, newEmail).getByRole('button', { name: 'Delete Anna Maria Cruz' }).click();
    await editor.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Success', 'Admin Deleted');
    await expect(row(page, newEmail)).toHaveCount(0);
    // The deleted admin cannot sign in any more.
    const refused = await signInPastLimit(page.request, newEmail, PASSWORD);
    expect(refused.errors?.[0]?.message).toBe('User not found');
  });

  test(
    "a refused delete shows the server's message (the last-admin rule), else 'Error Deleting Admin'",
    BROWSER_ALONE,
    async ({ page }) => {
      const email = `admin.${unique('keep')}@example.com`;
      await createAdminViaApi(page.request, 'Kept', 'Admin', email);
      // With E2E_ADMIN signed in there are always two admins here, so the server's last-admin
      // answer is played back for the delete call.
      let answer = { message: 'The last admin cannot be deleted', errorType: 'ValidationError' };
      await page.route('**/graphql', (route) =>
        (route.request().postData() ?? '').includes('deleteAdmin')
          ? route.fulfill({ json: { data: { deleteAdmin: null }, errors: [answer] } })
          : route.continue(),
      );
      await page.goto('/admin-admins');
      await row(page, email).getByRole('button', { name: 'Delete Kept Admin' }).click();
      await dialog(page).getByRole('button', { name: 'Delete' }).click();
      await expectToast(page, 'Error', 'The last admin cannot be deleted');
      await expect(dialog(page)).toHaveAccessibleName('Delete Admin');

      answer = { message: 'database is locked', errorType: 'InternalFailure' };
      await dialog(page).getByRole('button', { name: 'Delete' }).click();
      await expectToast(page, 'Error', 'Error Deleting Admin');
      await dialog(page).getByRole('button', { name: 'Cancel' }).click();
      await expect(row(page, email)).toHaveCount(1);

      // And an edit the server refuses without a message of its own.
      await page.route('**/graphql', (route) =>
        (route.request().postData() ?? '').includes('updateAdmin')
          ? route.fulfill({ json: { data: { updateAdmin: null }, errors: [{ message: 'boom', errorType: 'InternalFailure' }] } })
          : route.fallback(),
      );
      await row(page, email).getByRole('button', { name: 'Edit Kept Admin' }).click();
      await dialog(page).getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Error', 'Error Updating Admin');
    },
  );

  test('many admins: 50 a page, Load more fetches the next page', BOTH_BACKENDS, async ({ page }) => {
    test.setTimeout(120_000);
    const prefix = unique('Pager');
    const session = await adminApi(page.request);
    for (let n = 1; n <= 52; n += 1) {
      await createAdminViaApi(
        page.request,
        prefix,
        `Number${String(n).padStart(2, '0')}`,
        `${prefix.toLowerCase()}.${n}@example.com`,
        session,
      );
    }
    const requests = listUserRequests(page);
    await page.goto('/admin-admins');
    await search(page).fill(prefix.toLowerCase());
    await expect(rows(page)).toHaveCount(50);
    await expect(
      page.getByRole('status').filter({ hasText: `Showing 50 admins (more below) matching "${prefix.toLowerCase()}".` }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(rows(page)).toHaveCount(52);
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
    const searches = requests.filter((variables) => JSON.stringify(variables.filter).includes(prefix));
    // The first page starts without a token; every later call continues from one. Locally each
    // page is one call of 50; on DynamoDB a filtered Scan returns short pages, and the client asks
    // again for just the rows still missing (fillPage), so there may be more calls, never larger.
    expect(searches[0]).toMatchObject({ limit: 50 });
    expect(searches[0]!.nextToken ?? null).toBeNull();
    expect(searches.length).toBeGreaterThanOrEqual(2);
    for (const later of searches.slice(1)) expect(later.nextToken).toEqual(expect.any(String));
    for (const { limit } of searches) {
      expect(limit).toBeGreaterThanOrEqual(1);
      expect(limit).toBeLessThanOrEqual(50);
    }
  });
});

test('the user pages and the Admin Editor have no serious accessibility violations', BROWSER_ALONE, async ({ page }) => {
  await page.goto('/admin-users');
  await expect(rows(page).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/admin-admins');
  await expect(rows(page).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Create Admin' }).click();
  await expect(dialog(page)).toHaveAccessibleName('Admin Editor');
  expect(await seriousViolations(page)).toEqual([]);
});
