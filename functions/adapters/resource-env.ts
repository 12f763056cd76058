// adapter: how an adapter finds its AWS resource — its name (or ARN) in one environment variable and,
// in local mode, the endpoint of the local stand-in in another — validated on first use, failing fast.
import * as z from '#core/schema';

export interface ResourceEnv {
  /** The table name, bucket name or state machine ARN. */
  name: string;
  /** Set only when the resource is a local stand-in (DynamoDB Local, s3rver, local Step Functions). */
  endpoint: string | undefined;
}

/** `what` completes the refusal: "<nameVar> must name <what>". */
export function resourceFromEnv(nameVar: string, endpointVar: string, what: string): ResourceEnv {
  const config = z
    .object({
      [nameVar]: z.string().check(z.minLength(1, `${nameVar} must name ${what}`)),
      [endpointVar]: z.optional(z.url()),
    })
    .parse(process.env);
  return { name: config[nameVar] as string, endpoint: config[endpointVar] as string | undefined };
}
