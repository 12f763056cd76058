// infra test: cdk.json's feature flags are CDK's recommended ones but `@aws-cdk/core:target-partitions`,
// which stays unset on purpose (docs/infrastructure-settings.md, "Feature flags"): it only narrows the region
// lookup maps CDK writes into a template, and no template of the app has one.
import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { CURRENTLY_RECOMMENDED_FLAGS } from 'aws-cdk-lib/cx-api';
import { describe, expect, it } from 'vitest';
import { buildApp, cdkJsonContext } from '../../bin/app.ts';
import { tempFolders } from '../support/temp-folders.ts';

const outdir = tempFolders('cdk.out-feature-flags');

describe('the feature flags of cdk.json', { timeout: 120_000 }, () => {
  it('set every flag CDK recommends but target-partitions', () => {
    // Prepare
    const context = cdkJsonContext();
    // Act
    const unset = Object.keys(CURRENTLY_RECOMMENDED_FLAGS).filter((flag) => !(flag in context));
    // Assess
    expect(unset).toEqual(['@aws-cdk/core:target-partitions']);
  });

  it('leave target-partitions nothing to narrow: no template has a region lookup map', () => {
    // Prepare
    const { app } = buildApp({
      outdir: outdir(),
      context: { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [] },
      nag: false,
    });
    // Act
    const stacks = app.node.findAll().filter((construct): construct is Stack => Stack.isStack(construct));
    // Assess
    expect(stacks.length).toBeGreaterThan(2);
    for (const stack of stacks) expect(Template.fromStack(stack).toJSON().Mappings, stack.node.path).toBeUndefined();
  });
});
