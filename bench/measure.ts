import autocannon from 'autocannon';

export type Figures = {
  url: string;
  connections: number;
  durationSeconds: number;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  non2xx: number;
  errors: number;
};

/** One autocannon run against a URL; answers the figures every scenario reports. */
export async function measure(url: string, connections: number, durationSeconds: number): Promise<Figures> {
  const result = await autocannon({ url, connections, duration: durationSeconds });
  return {
    url,
    connections,
    durationSeconds,
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}
