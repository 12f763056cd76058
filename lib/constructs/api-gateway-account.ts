// infra: API Gateway's account-wide CloudWatch role. Stage access and execution logging need it, and
// the cdk.json flag @aws-cdk/aws-apigateway:disableCloudWatchRole stops each RestApi from creating its
// own, so it exists exactly once here and every API stage depends on it.
import { RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';

/** The region-wide API Gateway account setting that lets stages write to CloudWatch Logs. */
export class ApiGatewayAccount extends Construct {
  readonly role: iam.Role;
  readonly account: apigateway.CfnAccount;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.role = new iam.Role(this, 'CloudWatchRole', {
      assumedBy: new iam.ServicePrincipal('apigateway.amazonaws.com'),
      managedPolicies: [
        iam.ManagedPolicy.fromAwsManagedPolicyName('service-role/AmazonAPIGatewayPushToCloudWatchLogs'),
      ],
    });
    // The setting is account-wide: other APIs in the account may rely on the role after this stack
    // is gone, exactly as the RestApi construct's own cloudWatchRole does by default.
    this.role.applyRemovalPolicy(RemovalPolicy.RETAIN);

    this.account = new apigateway.CfnAccount(this, 'Account', { cloudWatchRoleArn: this.role.roleArn });
    this.account.node.addDependency(this.role);

    Validations.of(this.role).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
      reason:
        'API Gateway requires one account-level role to push stage access and execution logs; the AWS-managed AmazonAPIGatewayPushToCloudWatchLogs policy is the documented, service-maintained policy for exactly that role.',
    });
  }
}
