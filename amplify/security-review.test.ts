import { describe, expect, it } from 'vitest';
import { LAMBDA_RUNTIME_DEPRECATION, reviewOf, runtimeProblem } from './security-review';

describe('the security review of the backend', () => {
  it('refuses a deprecated runtime, and nodejs20.x since 2026-04-30', () => {
    expect(runtimeProblem('nodejs20.x', '2026-11-23')).toMatch(/deprecated since 2026-04-30/);
    expect(runtimeProblem('nodejs20.x', '2026-04-29')).toBeNull();
    expect(runtimeProblem('nodejs24.x', '2026-11-23')).toBeNull();
    expect(runtimeProblem('nodejs24.x', '2028-04-30')).toMatch(/deprecated/);
  });

  it('refuses a runtime it has no date for', () => {
    expect(runtimeProblem('nodejs26.x', '2026-11-23')).toMatch(/not in LAMBDA_RUNTIME_DEPRECATION/);
  });

  it('keeps the dates in ISO form, so they compare as strings', () => {
    for (const date of Object.values(LAMBDA_RUNTIME_DEPRECATION)) expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('matches a justification to its rule only, not to a rule that starts the same', () => {
    expect(reviewOf('AwsSolutions-S1', 'data/modelIntrospectionSchemaBucket/Resource')?.rule).toBe('AwsSolutions-S1');
    expect(reviewOf('AwsSolutions-S10', 'data/modelIntrospectionSchemaBucket/Resource')).toBeUndefined();
  });

  it("justifies the media bucket's key prefixes on our functions, no other wildcard", () => {
    const policy = 'data/shopMedia/ServiceRole/DefaultPolicy/Resource';
    const bucket = '<referencetoamplifysandboxshopmediaNestedStackOutputsShopMedia353927EBArn>';
    expect(reviewOf(`AwsSolutions-IAM5[Resource::${bucket}/media/*]`, policy)).toBeDefined();
    expect(reviewOf(`AwsSolutions-IAM5[Resource::${bucket}/uploads/*]`, policy)).toBeDefined();
    expect(reviewOf(`AwsSolutions-IAM5[Resource::${bucket}/*]`, policy)).toBeUndefined();
    expect(reviewOf('AwsSolutions-IAM5[Resource::*]', 'data/shopAccounts/ServiceRole/DefaultPolicy/Resource')).toBeUndefined();
    expect(
      reviewOf('AwsSolutions-IAM5[Resource::<ShopSessions.Arn>/index/*]', 'data/shopAuthorizer/ServiceRole/DefaultPolicy/Resource'),
    ).toBeUndefined();
    expect(reviewOf('AwsSolutions-IAM5[Action::s3:GetObject*]', policy)).toBeUndefined();
  });
});
