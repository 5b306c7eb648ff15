// Prints the CloudFront response-headers policy (ResponseHeadersPolicyConfig JSON) carrying the
// security headers of a built site, read from out/_headers so it always matches `serve` and the
// CSP's inline-script hashes of that build. Usage:
//   node scripts/cloudfront-headers-policy.mjs [out] > policy.json
//   aws cloudfront create-response-headers-policy --response-headers-policy-config file://policy.json
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const out = process.argv[2] ?? 'out';
const headers = {};
let inRoot = false;
for (const line of readFileSync(join(out, '_headers'), 'utf8').split('\n')) {
  if (line && !line.startsWith(' ')) inRoot = line === '/*';
  else if (inRoot && line.includes(':')) headers[line.slice(0, line.indexOf(':')).trim().toLowerCase()] = line.slice(line.indexOf(':') + 1).trim();
}
const hsts = /max-age=(\d+)/.exec(headers['strict-transport-security'] ?? '');
const policy = {
  Name: 'agency-site-security-headers',
  Comment: 'Security headers of the agency site (from out/_headers)',
  SecurityHeadersConfig: {
    ContentSecurityPolicy: { Override: true, ContentSecurityPolicy: headers['content-security-policy'] },
    StrictTransportSecurity: {
      Override: true,
      AccessControlMaxAgeSec: Number(hsts?.[1] ?? 31536000),
      IncludeSubdomains: /includeSubDomains/.test(headers['strict-transport-security'] ?? ''),
      Preload: false,
    },
    ContentTypeOptions: { Override: true },
    ReferrerPolicy: { Override: true, ReferrerPolicy: headers['referrer-policy'] },
    FrameOptions: { Override: true, FrameOption: headers['x-frame-options'] },
  },
  CustomHeadersConfig: {
    Quantity: 2,
    Items: [
      { Header: 'Permissions-Policy', Value: headers['permissions-policy'], Override: true },
      { Header: 'Cross-Origin-Opener-Policy', Value: headers['cross-origin-opener-policy'], Override: true },
    ],
  },
};
process.stdout.write(`${JSON.stringify(policy, null, 2)}\n`);
