/**
 * The security review of the synthesized backend, for `npm run check:amplify` (called by
 * synth.ts after synthesis):
 * - cdk-nag's AwsSolutions pack over the whole construct tree; each finding is either listed in
 *   amplify/security-review.ts with its reason or a failure;
 * - every Lambda runtime in the templates (functions and layers, Amplify's own included) against
 *   the deprecation dates there.
 * Returns the report's lines and the problems; the caller prints and fails.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IConstruct } from 'constructs';
import { AwsSolutionsChecks } from 'cdk-nag';
import { REVIEWED_FINDINGS, reviewOf, runtimeProblem, type ReviewedFinding } from '../security-review';

export interface Review {
  report: string[];
  problems: string[];
}

export function reviewBackend(app: IConstruct, templatesDir: string, today = new Date().toISOString().slice(0, 10)): Review {
  const report: string[] = [];
  const problems: string[] = [];
  const rootPath = `${app.node.children.find((child) => child.node.id.startsWith('amplify-'))?.node.id ?? ''}/`;
  const used = new Map<ReviewedFinding, number>();

  const { violations } = new AwsSolutionsChecks(app).validateScope(app);
  for (const violation of violations) {
    for (const resource of violation.violatingResources) {
      const path = resource.constructPath?.startsWith(rootPath)
        ? resource.constructPath.slice(rootPath.length)
        : String(resource.constructPath);
      const reviewed = reviewOf(violation.ruleName, path);
      if (reviewed) used.set(reviewed, (used.get(reviewed) ?? 0) + 1);
      else problems.push(`${violation.ruleName} (${violation.severity}) at ${path}: ${violation.description}`);
    }
  }
  report.push(
    `cdk-nag AwsSolutions: ${violations.reduce((n, v) => n + v.violatingResources.length, 0)} finding(s), ${problems.length} not justified`,
  );
  for (const entry of REVIEWED_FINDINGS) {
    const count = used.get(entry) ?? 0;
    if (count === 0)
      problems.push(
        `amplify/security-review.ts justifies ${entry.rule} at ${entry.path} but nothing matches it any more: remove the entry`,
      );
    else report.push(`  justified ${entry.rule} x${count} (${entry.path.source}): ${entry.reason}`);
  }

  const runtimes = lambdaRuntimes(templatesDir);
  report.push(`Lambda runtimes on ${today}: ${[...runtimes].map(([runtime, where]) => `${runtime} x${where.length}`).join(', ')}`);
  for (const [runtime, where] of runtimes) {
    const problem = runtimeProblem(runtime, today);
    if (problem) problems.push(`${problem} (${where.join(', ')})`);
  }
  return { report, problems };
}

/** Each runtime named by a function or a layer in the synthesized templates, with the logical ids. */
export function lambdaRuntimes(templatesDir: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const add = (runtime: unknown, id: string) => {
    if (typeof runtime !== 'string') return;
    found.set(runtime, [...(found.get(runtime) ?? []), id]);
  };
  for (const name of readdirSync(templatesDir).filter((file) => file.endsWith('.template.json'))) {
    const resources =
      (
        JSON.parse(readFileSync(join(templatesDir, name), 'utf8')) as {
          Resources?: Record<string, { Type: string; Properties?: Record<string, unknown> }>;
        }
      ).Resources ?? {};
    for (const [id, resource] of Object.entries(resources)) {
      if (resource.Type === 'AWS::Lambda::Function') add(resource.Properties?.Runtime, id);
      if (resource.Type === 'AWS::Lambda::LayerVersion')
        for (const runtime of (resource.Properties?.CompatibleRuntimes as unknown[] | undefined) ?? []) add(runtime, id);
    }
  }
  return found;
}
