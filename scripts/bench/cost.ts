// bench: the cost model — what one million runs cost at AWS list prices, from what the bench measured
// per run (requests, Lambda invocations and time, DynamoDB capacity units as DynamoDB Local reports
// them, Step Functions state transitions). docs/cost.md explains the model and its limits.

/**
 * AWS list prices, us-east-1, on-demand, as published in 2025 (USD). Defined once; the report and
 * docs/cost.md read them from here. Free tiers are left out: the model prices steady-state volume.
 */
export const LIST_PRICES = {
  apiGatewayRestPerMillion: 3.5,
  lambdaRequestsPerMillion: 0.2,
  /** arm64, per GB-second. */
  lambdaArmPerGbSecond: 0.0000133334,
  dynamoDbWritePerMillionUnits: 0.625,
  dynamoDbReadPerMillionUnits: 0.125,
  stepFunctionsStandardPerThousandTransitions: 0.025,
  s3PutPerThousand: 0.005,
  s3GetPerThousand: 0.0004,
} as const;

/** What one run consumed, measured. */
export interface RunFootprint {
  apiRequests: number;
  lambdaInvocations: number;
  /** Summed duration of those invocations, ms (local mode: a proxy, see docs/cost.md). */
  lambdaMs: number;
  memoryMb: number;
  readUnits: number;
  writeUnits: number;
  stateTransitions: number;
  s3Puts: number;
  s3Gets: number;
}

export interface CostLine {
  item: string;
  perMillionRuns: number;
}

export function costPerMillionRuns(run: RunFootprint): CostLine[] {
  const p = LIST_PRICES;
  const million = 1_000_000;
  return [
    { item: 'API Gateway requests', perMillionRuns: run.apiRequests * p.apiGatewayRestPerMillion },
    { item: 'Lambda requests', perMillionRuns: run.lambdaInvocations * p.lambdaRequestsPerMillion },
    {
      item: 'Lambda duration',
      perMillionRuns: (run.lambdaMs / 1000) * (run.memoryMb / 1024) * p.lambdaArmPerGbSecond * million,
    },
    { item: 'DynamoDB writes', perMillionRuns: run.writeUnits * p.dynamoDbWritePerMillionUnits },
    { item: 'DynamoDB reads', perMillionRuns: run.readUnits * p.dynamoDbReadPerMillionUnits },
    {
      item: 'Step Functions transitions',
      perMillionRuns: run.stateTransitions * p.stepFunctionsStandardPerThousandTransitions * 1000,
    },
    {
      item: 'S3 requests',
      perMillionRuns: run.s3Puts * p.s3PutPerThousand * 1000 + run.s3Gets * p.s3GetPerThousand * 1000,
    },
  ];
}

/** The floor the issue names: one API request, one Lambda of the same route time, one write unit. */
export function floorPerMillionRuns(routeMs: number, memoryMb: number): number {
  return costPerMillionRuns({
    apiRequests: 1,
    lambdaInvocations: 1,
    lambdaMs: routeMs,
    memoryMb,
    readUnits: 0,
    writeUnits: 1,
    stateTransitions: 0,
    s3Puts: 0,
    s3Gets: 0,
  }).reduce((total, line) => total + line.perMillionRuns, 0);
}
