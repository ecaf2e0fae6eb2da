// The part of autocannon's API the benches use: the package ships no types, and @types/autocannon
// would be a dependency for these few lines.
declare module 'autocannon' {
  /** One request as autocannon sends it; a `setupRequest` answers it changed. */
  export type Request = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  };
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    overallRate?: number;
    headers?: Record<string, string>;
    requests?: Array<Request & { setupRequest?: (request: Request) => Request }>;
  };
  type Histogram = { average: number; total: number; p50: number; p99: number };
  export type Result = {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
  };
  export default function autocannon(options: Options): Promise<Result>;
}
