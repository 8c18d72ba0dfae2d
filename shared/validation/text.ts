/**
 * The longest text one value may be: the server refuses longer strings (server/graphql/cost.ts)
 * and the editors stop typing there. Names, descriptions and e-mails are far shorter.
 */
export const MAX_TEXT_LENGTH = 10_000;
