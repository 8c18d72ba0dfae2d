/**
 * Accounts (product §9, decisions 0143 and 0302): signing up and in, the customer's own account,
 * staff accounts and password resets, on both backends by the same AccountService. Staff changes
 * leave an activity entry; the shop's own slowing of an account's sign-ins does too (the activity
 * feature's reaction), and an admin account's slowing is mailed to the shop (decision 0370).
 */
import { fieldChanges } from '../../../shared/activity';
import { accountActivity, accountFields } from '../../activity/custom-activity';
import { callerOf, type Feature } from '../feature';
import { ACCOUNTS_FUNCTION } from '../lambdas';
import { slowedSignInsMail } from '../../accounts/slowed-sign-ins-mail';
import { ROLE_ADMIN } from '../../../shared/roles';

export const accountsFeature: Feature = {
  name: 'accounts',
  lambda: ACCOUNTS_FUNCTION,
  operations: {
    'Mutation.signUp': {
      callers: 'visitors',
      run: ({ accounts }, args, context) => accounts.signUp(args, context.clientIp),
    },
    'Mutation.signIn': {
      callers: 'visitors',
      run: ({ accounts }, args, context) => accounts.signIn(args, context.clientIp),
    },
    'Mutation.signOut': {
      callers: 'signedIn',
      run: ({ accounts }, _args, context) => accounts.signOut(context.auth.token),
    },
    'Mutation.createAdmin': {
      callers: 'staff',
      run: ({ accounts }, args, context) => accounts.createAdmin(args, callerOf(context)),
      activity: {
        facts: (_args, user) => accountActivity('create admin', user, fieldChanges(null, accountFields(user))),
      },
    },
    'Mutation.updateAdmin': {
      callers: 'staff',
      run: ({ accounts }, args, context) => accounts.updateAdmin(args, callerOf(context)),
      activity: {
        before: (args, { accounts }) => accounts.getUser(String(args.id)),
        facts: (_args, user, before) => accountActivity('update admin', user, fieldChanges(accountFields(before), accountFields(user))),
      },
    },
    'Mutation.deleteAdmin': {
      callers: 'staff',
      run: ({ accounts }, args, context) => accounts.deleteAdmin(args, callerOf(context)),
      activity: {
        facts: (_args, user) => accountActivity('delete admin', user, fieldChanges(accountFields(user), null)),
      },
    },
    'Mutation.requestPasswordReset': {
      callers: 'visitors',
      run: ({ accounts }, args, context) => accounts.requestPasswordReset(args, context.clientIp),
    },
    'Mutation.resetPassword': {
      callers: 'visitors',
      run: ({ accounts }, args, context) => accounts.resetPassword(args, context.clientIp),
    },
    'Mutation.createPasswordResetLink': {
      callers: 'staff',
      run: ({ accounts }, args, context) => accounts.createPasswordResetLink(args, callerOf(context)),
      activity: {
        before: (args, { accounts }) => accounts.getUser(String(args.userId)),
        facts: (_args, _link, user) => accountActivity('password link', user, []),
      },
    },
    'Mutation.confirmUserEmail': {
      callers: 'staff',
      run: ({ accounts }, args, context) => accounts.confirmUserEmail(args, callerOf(context)),
      activity: {
        facts: (_args, user) => accountActivity('confirm email', user, []),
      },
    },
    'Query.myAccount': {
      callers: 'signedIn',
      run: ({ accounts }, _args, context) => accounts.myAccount(callerOf(context)),
    },
    'Mutation.updateMyAccount': {
      callers: 'signedIn',
      run: ({ accounts }, args, context) => accounts.updateMyAccount(args, callerOf(context), context.clientIp),
    },
    'Mutation.changeMyPassword': {
      callers: 'signedIn',
      run: ({ accounts }, args, context) => accounts.changeMyPassword(args, callerOf(context), context.clientIp),
    },
    'Mutation.sendEmailConfirmation': {
      callers: 'signedIn',
      run: ({ accounts }, _args, context) => accounts.sendEmailConfirmation(callerOf(context), context.clientIp),
    },
    'Mutation.confirmEmail': {
      callers: 'visitors',
      run: ({ accounts }, args, context) => accounts.confirmEmail(args, context.clientIp),
    },
    'Mutation.deleteMyAccount': {
      callers: 'signedIn',
      run: ({ accounts }, args, context) => accounts.deleteMyAccount(args, callerOf(context), context.clientIp),
    },
  },
  reactions: {
    // Staff hold the shop's keys: guessing at one of theirs is mailed to the shop, once an episode.
    signInsSlowed: ({ reservations }, user, rule) =>
      user.type === ROLE_ADMIN
        ? reservations.mailTheShop("the shop's e-mail of an admin's slowed sign-ins", (to) => slowedSignInsMail(user, rule, to))
        : undefined,
  },
};
