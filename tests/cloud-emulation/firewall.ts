/**
 * The API's AWS WAF web ACL as the template deploys it (decision 0382), enforced in front of the
 * emulated AppSync: each rate-based rule counts requests per source address over its window and
 * answers past its limit with the rule's custom response (status, headers, body). Only what the
 * shop's ACL uses is read; any other statement or action is refused at start, so a change to the
 * ACL cannot pass the cloud tests unenforced.
 */
import type { SynthesizedApp } from './stack';

export interface FirewallResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  contentType: string;
}

export interface RateRule {
  name: string;
  limit: number;
  windowMs: number;
  response: FirewallResponse;
}

type Json = Record<string, any>;

const CONTENT_TYPES: Record<string, string> = {
  APPLICATION_JSON: 'application/json',
  TEXT_PLAIN: 'text/plain',
  TEXT_HTML: 'text/html',
};

/** The rate-based rules of the web ACL associated with the AppSync API; none when no ACL is. */
export function firewallRules(app: SynthesizedApp): RateRule[] {
  const associated = new Set<string>();
  for (const { props } of app.resources('AWS::WAFv2::WebACLAssociation')) {
    const target = (props.ResourceArn as Json | undefined)?.['Fn::GetAtt'] as string[] | undefined;
    const acl = (props.WebACLArn as Json | undefined)?.['Fn::GetAtt'] as string[] | undefined;
    if (!target || !acl) throw new Error('a web ACL association not by Fn::GetAtt is not emulated');
    associated.add(acl[0]!);
  }
  const rules: RateRule[] = [];
  for (const { id, props } of app.resources('AWS::WAFv2::WebACL')) {
    if (!associated.has(id)) continue;
    const acl = props as Json;
    if (!('Allow' in (acl.DefaultAction ?? {}))) throw new Error(`${id}: only a default action of Allow is emulated`);
    for (const rule of (acl.Rules ?? []) as Json[]) {
      const rate = rule.Statement?.RateBasedStatement as Json | undefined;
      const custom = rule.Action?.Block?.CustomResponse as Json | undefined;
      if (!rate || rate.AggregateKeyType !== 'IP' || !custom)
        throw new Error(`${id}/${rule.Name}: only rate-based rules per IP that block with a custom response are emulated`);
      const bodyEntry = acl.CustomResponseBodies?.[custom.CustomResponseBodyKey] as Json | undefined;
      if (!bodyEntry) throw new Error(`${id}/${rule.Name}: no custom response body ${custom.CustomResponseBodyKey}`);
      rules.push({
        name: String(rule.Name),
        limit: Number(rate.Limit),
        windowMs: Number(rate.EvaluationWindowSec ?? 300) * 1000,
        response: {
          status: Number(custom.ResponseCode),
          headers: Object.fromEntries(
            ((custom.ResponseHeaders ?? []) as Json[]).map((header) => [String(header.Name), String(header.Value)]),
          ),
          body: String(bodyEntry.Content),
          contentType: CONTENT_TYPES[String(bodyEntry.ContentType)] ?? 'text/plain',
        },
      });
    }
  }
  return rules;
}

/**
 * Counts each address's requests over each rule's window (a sliding window: AWS WAF looks back
 * over the window every few seconds, so it blocks a little later than this does). `limitOverride`
 * (tests) replaces every rule's limit.
 */
export class Firewall {
  private readonly seen = new Map<string, number[]>();
  limitOverride: number | null = null;

  constructor(
    readonly rules: RateRule[],
    private readonly now: () => number = Date.now,
  ) {}

  /** The response that blocks this request, or null when it passes (and is counted). */
  check(address: string): FirewallResponse | null {
    if (!this.rules.length) return null;
    const at = this.now();
    const longest = Math.max(...this.rules.map((rule) => rule.windowMs));
    const times = (this.seen.get(address) ?? []).filter((time) => time > at - longest);
    this.seen.set(address, times);
    for (const rule of this.rules) {
      const counted = times.filter((time) => time > at - rule.windowMs).length;
      if (counted >= (this.limitOverride ?? rule.limit)) return rule.response;
    }
    times.push(at);
    return null;
  }

  /** Forgets every count (a test's, once it is done). */
  reset(): void {
    this.seen.clear();
  }
}
