/** Credentials the emulation's SDKs sign with; DynamoDB Local (-sharedDb) takes any, the S3 front checks POST policies signed with them. */
export const OFFLINE_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
