/**
 * Who the shop mails, and how guessing at a password is slowed (decisions 0369 and 0370), through
 * the API into a real loopback SMTP inbox: the battery both backends run, the local server
 * (server/accounts/account-mail-battery.test.ts) and the emulated cloud
 * (tests/cloud/account-mail.test.ts). Each attack as it was found:
 * - a customer moves their address to a stranger's and does not confirm it: the stranger gets the
 *   confirmation link and nothing else; the reservation's, back-in-stock and reset mails go to the
 *   address the customer last confirmed, which no other customer can read;
 * - four accounts pass one address around to mail it confirmation links: it gets the cap, no more;
 * - ten wrong passwords from two addresses: the owner, from an address never used, signs in after at
 *   most the slow window; from the addresses it signed up, confirmed and reset its password at, at
 *   once; an admin account's slowing is mailed to the shop, once.
 * Clients are told apart by the loopback address they connect from (`from(n)`): each test uses its
 * own numbers, so the throttle's counts of one never reach another.
 */
import { beforeAll, expect, it } from 'vitest';
import { CONFIRMATION_SUBJECT, confirmLinkToken } from './confirmation-mail';
import { openShopForMail, reserveTwo, SHOP_ADDRESS, type MailCaller } from './reservation-mail-battery';
import type { SmtpInbox } from './smtp-inbox';
import { SIGN_IN_SLOWDOWN } from '../../shared/sign-in-slowdown';
import { DEFAULT_THROTTLE_RULES } from '../../server/accounts/account-service';

export interface AccountMailTarget {
  /** The API with the public key, as a client connecting from address number `n` (1 to 99). */
  from(n: number): MailCaller;
  /** The API with a session token. */
  as(token: string): MailCaller;
  admin: MailCaller;
  inbox: () => SmtpInbox;
  /** The password the battery's accounts use. */
  password: string;
  /** Called before each sign-up: a backend whose sign-up limit the battery would reach forgets the count here. */
  beforeSignUp?: () => Promise<void>;
}

const SIGN_UP = `mutation ($firstName: String, $lastName: String, $email: String, $password: String, $confirmPassword: String) {
  signUp(firstName: $firstName, lastName: $lastName, email: $email, password: $password, confirmPassword: $confirmPassword) { token userId } }`;
const SIGN_IN = 'mutation ($email: String, $password: String) { signIn(email: $email, password: $password) { token } }';
const CONFIRM = 'mutation ($token: String) { confirmEmail(token: $token) }';
const UPDATE = `mutation ($email: String, $currentPassword: String) {
  updateMyAccount(firstName: "Ann", lastName: "Probe", email: $email, phone: "", currentPassword: $currentPassword) { email emailConfirmed confirmedEmail } }`;
const SEND_AGAIN = 'mutation { sendEmailConfirmation }';
const FORGOT = 'mutation ($email: String) { requestPasswordReset(email: $email) }';
const RESET = `mutation ($token: String, $password: String, $confirmPassword: String) {
  resetPassword(token: $token, password: $password, confirmPassword: $confirmPassword) }`;
const ASK = 'mutation ($itemId: ID!) { notifyMeWhenBack(itemId: $itemId) }';
const CREATE_ITEM = 'mutation ($input: CreateItemInput!) { createItem(input: $input) { id name } }';
const UPDATE_ITEM = 'mutation ($input: UpdateItemInput!) { updateItem(input: $input) { id stock } }';
const CREATE_ADMIN = `mutation ($firstName: String, $lastName: String, $email: String, $password: String, $confirmPassword: String) {
  createAdmin(firstName: $firstName, lastName: $lastName, email: $email, password: $password, confirmPassword: $confirmPassword) { id } }`;
const SLOWED_SUBJECT = 'Sign-ins to an admin account are being slowed';
/** What a confirmation mail's cap per address allows at once (the reset mails' rule, decision 0369). */
const CAP = DEFAULT_THROTTLE_RULES.resetMailsPerAccount.burst;

const ok = async (answer: ReturnType<MailCaller>) => {
  const body = await answer;
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data!;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function accountMailBattery(target: AccountMailTarget): void {
  const run = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  let made = 0;
  const newEmail = (label: string) => `mailto-${label}-${run}-${++made}@example.com`;
  const wrong = () => `Wrong-guess-${++made}!`;

  beforeAll(() => openShopForMail(target.admin));

  /** Every mail to `to` so far, after a moment for any still on their way. */
  const mailsTo = async (to: string, waitMs = 1_000) => {
    await sleep(waitMs);
    return target.inbox().messages.filter((message) => message.to.includes(to));
  };

  /** A customer signed up from address `n`; confirmed (the link opened from `confirmFrom`) unless told not to. */
  const customer = async (label: string, n: number, { confirmFrom = n, confirm = true } = {}) => {
    const email = newEmail(label);
    await target.beforeSignUp?.();
    const { token, userId } = (
      await ok(
        target.from(n)(SIGN_UP, {
          firstName: 'Ann',
          lastName: 'Probe',
          email,
          password: target.password,
          confirmPassword: target.password,
        }),
      )
    ).signUp as { token: string; userId: string };
    const link = confirmLinkToken(await target.inbox().next(email, 15_000));
    if (confirm) expect(await ok(target.from(confirmFrom)(CONFIRM, { token: link }))).toEqual({ confirmEmail: true });
    return { email, token, userId, call: target.as(token) };
  };

  /** `count` wrong passwords for `email`, spread evenly over the addresses `froms`: each is checked ("Incorrect password"). */
  const guess = async (email: string, froms: number[], count: number) => {
    for (let i = 0; i < count; i += 1) {
      const body = await target.from(froms[i % froms.length]!)(SIGN_IN, { email, password: wrong() });
      expect(body.errors?.[0], `guess ${i + 1}`).toMatchObject({ errorType: 'ValidationError', message: 'Incorrect password' });
    }
  };

  it("mails a stranger's unconfirmed address only its link: the customer's mail keeps going to the address they confirmed", async () => {
    const ann = await customer('owner', 1);
    const stranger = newEmail('stranger');
    // Before the change: a reservation waiting, and a request for an item at 0.
    const reservation = await reserveTwo(target.admin, ann.call);
    await target.inbox().next(ann.email, 15_000);
    const item = (await ok(target.admin(CREATE_ITEM, { input: { name: `Mailto Barolo ${run}`, price: 40, stock: 0, tags: ['wine'] } })))
      .createItem as { id: string; name: string };
    expect(await ok(ann.call(ASK, { itemId: item.id }))).toEqual({ notifyMeWhenBack: true });

    const changed = (await ok(ann.call(UPDATE, { email: stranger, currentPassword: target.password }))).updateMyAccount;
    expect(changed).toEqual({ email: stranger, emailConfirmed: false, confirmedEmail: ann.email });
    expect((await target.inbox().next(stranger, 15_000)).subject).toBe(CONFIRMATION_SUBJECT);

    // Staff mark the reservation ready, the item comes back, and someone asks for a reset by the new address.
    await ok(target.admin('mutation ($id: ID!) { reservationAction(id: $id, action: "markReady") { status } }', { id: reservation.id }));
    await ok(target.admin(UPDATE_ITEM, { input: { id: item.id, stock: 3 } }));
    expect(await ok(target.from(2)(FORGOT, { email: stranger }))).toEqual({ requestPasswordReset: true });

    // Sign-up's link, the request's, Ready, back in stock and the reset link.
    const owners = await waitForMails(target.inbox(), ann.email, 5);
    expect(owners.map((mail) => mail.subject)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/is ready for pickup$/),
        `Back in stock: ${item.name}`,
        'Set a new password for Patterson Wine & Liquor',
      ]),
    );
    expect((await mailsTo(stranger)).map((mail) => mail.subject)).toEqual([CONFIRMATION_SUBJECT]);

    // Where the customer's mail goes is the owner's and staff's to read, no other customer's.
    const other = await customer('other', 3, { confirm: false });
    for (const query of [`{ getUser(id: "${ann.userId}") { confirmedEmail } }`, '{ listUsers { items { confirmedEmail } } }']) {
      const body = await other.call(query);
      expect(body.errors?.[0]?.errorType, query).toMatch(/^Unauthorized/);
      expect(JSON.stringify(body.data ?? null)).not.toContain(ann.email);
    }
    const staffView = (await ok(target.admin(`{ getUser(id: "${ann.userId}") { email confirmedEmail } }`))).getUser;
    expect(staffView).toEqual({ email: stranger, confirmedEmail: ann.email });
  });

  it('mails an account that never confirmed its address its confirmation link and nothing else, a reset link neither', async () => {
    const bea = await customer('never', 4, { confirm: false });
    expect(await ok(target.from(4)(FORGOT, { email: bea.email }))).toEqual({ requestPasswordReset: true });
    expect((await mailsTo(bea.email)).map((mail) => mail.subject)).toEqual([CONFIRMATION_SUBJECT]);
  });

  it('sends one address no more than the cap of confirmation links, however many accounts pass it around', async () => {
    const victim = newEmail('victim');
    const movers = [];
    for (let n = 10; n < 14; n += 1) movers.push(await customer(`mover${n}`, n));
    // Each account takes the address and gives it back, twice: 8 changes in a few seconds.
    for (let round = 0; round < 2; round += 1) {
      for (const mover of movers) {
        await ok(mover.call(UPDATE, { email: victim, currentPassword: target.password }));
        const back = (await ok(mover.call(UPDATE, { email: mover.email, currentPassword: target.password }))).updateMyAccount;
        // Back at its own confirmed address: confirmed at once, no new link.
        expect(back).toEqual({ email: mover.email, emailConfirmed: true, confirmedEmail: mover.email });
      }
    }
    // A fifth account takes it and asks for the link again: its own share is left, the address's is not.
    const fifth = await customer('mover14', 14);
    await ok(fifth.call(UPDATE, { email: victim, currentPassword: target.password }));
    const again = await fifth.call(SEND_AGAIN);
    expect(again.errors?.[0]).toMatchObject({
      errorType: 'TooManyRequests',
      message: expect.stringMatching(/^Too many confirmation emails to this email address/),
    });
    expect(await mailsTo(victim, 1_500)).toHaveLength(CAP);
    for (const mover of movers) expect((await mailsTo(mover.email, 0)).map((mail) => mail.subject)).toEqual([CONFIRMATION_SUBJECT]);
  });

  it('after ten wrong passwords from two addresses the owner signs in from a new address within the slow window', async () => {
    const cara = await customer('guessed', 20);
    await guess(cara.email, [21, 22], SIGN_IN_SLOWDOWN.freeFailures);
    // Inside the window a try is answered "try again" without its password checked, right or wrong.
    const inside = await target.from(23)(SIGN_IN, { email: cara.email, password: wrong() });
    expect(inside.errors?.[0]).toMatchObject({
      errorType: 'TooManyRequests',
      message: expect.stringMatching(/^Too many failed sign-in attempts\. Try again in [1-5] seconds?\.$/),
    });
    const started = Date.now();
    let answer = await target.from(24)(SIGN_IN, { email: cara.email, password: target.password });
    if (answer.errors) {
      expect(answer.errors[0]).toMatchObject({ errorType: 'TooManyRequests' });
      // The wait as the message says it (both backends say it alike).
      const seconds = Number(/Try again in (\d+) seconds?\./.exec(answer.errors[0]!.message)?.[1] ?? 0);
      expect(seconds).toBeGreaterThan(0);
      expect(seconds * 1000).toBeLessThanOrEqual(SIGN_IN_SLOWDOWN.slowWindowMs);
      await sleep(seconds * 1000);
      answer = await target.from(24)(SIGN_IN, { email: cara.email, password: target.password });
    }
    expect(answer.errors).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(SIGN_IN_SLOWDOWN.slowWindowMs + 5_000);
    // A customer's slowing is the activity log's alone: the shop is not mailed.
    expect((await mailsTo(SHOP_ADDRESS, 0)).filter((mail) => mail.text.includes(cara.email))).toEqual([]);
  });

  it('counts the addresses an account signed up, confirmed its address and reset its password at as its own', async () => {
    const dan = await customer('known', 30, { confirmFrom: 31 });
    expect(await ok(target.from(32)(FORGOT, { email: dan.email }))).toEqual({ requestPasswordReset: true });
    const resetMail = (await waitForMails(target.inbox(), dan.email, 2)).find((mail) => mail.subject.startsWith('Set a new password'))!;
    const resetToken = new URL(/https?:\/\/\S+/.exec(resetMail.text)![0]).searchParams.get('token');
    const fresh = `${target.password}x`;
    expect(await ok(target.from(33)(RESET, { token: resetToken, password: fresh, confirmPassword: fresh }))).toEqual({
      resetPassword: true,
    });

    await guess(dan.email, [34, 35], SIGN_IN_SLOWDOWN.freeFailures);
    // The window runs for an address the account never used...
    expect((await target.from(36)(SIGN_IN, { email: dan.email, password: fresh })).errors?.[0]?.errorType).toBe('TooManyRequests');
    // ...and not for its own: signed up at 30, confirmed at 31, reset at 33.
    for (const n of [30, 31, 33])
      expect((await target.from(n)(SIGN_IN, { email: dan.email, password: fresh })).errors, `from ${n}`).toBeUndefined();
  });

  it("mails the shop once when an admin account's sign-ins start being slowed", async () => {
    const email = newEmail('admin');
    await ok(
      target.admin(CREATE_ADMIN, {
        firstName: 'Eve',
        lastName: 'Staff',
        email,
        password: target.password,
        confirmPassword: target.password,
      }),
    );
    await guess(email, [40, 41], SIGN_IN_SLOWDOWN.freeFailures);
    await sleep(SIGN_IN_SLOWDOWN.slowWindowMs);
    // One more try after the window: the episode goes on, no second mail.
    expect((await target.from(42)(SIGN_IN, { email, password: wrong() })).errors?.[0]?.message).toBe('Incorrect password');
    const mails = (await mailsTo(SHOP_ADDRESS, 1_500)).filter((mail) => mail.subject === SLOWED_SUBJECT && mail.text.includes(email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('then one try every 5 seconds');
    // The admin still signs in with the right password.
    await sleep(SIGN_IN_SLOWDOWN.slowWindowMs);
    expect((await target.from(43)(SIGN_IN, { email, password: target.password })).errors).toBeUndefined();
  });
}

/** The mails to `to` once there are at least `count` (they may come in any order), within 15 s. */
async function waitForMails(inbox: SmtpInbox, to: string, count: number) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mails = inbox.messages.filter((message) => message.to.includes(to));
    if (mails.length >= count || Date.now() > deadline) return mails;
    await sleep(100);
  }
}
